package io.jremix.workloads.repair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.jremix.workloads.cache.Workload;

/**
 * A single-producer single-consumer ring of {@value #CAPACITY} {@code long} slots, in the style of JCTools'
 * {@code SpscArrayQueue}: the producer thread writes a slot and then publishes it with a release store to the
 * producer cursor {@code tail}; the consumer thread reads {@code tail}, reads the slot and frees it with a release
 * store to the consumer cursor {@code head}. Each side keeps its own copy of the other's cursor and re-reads the
 * real one only when that copy says the ring is full (producer) or empty (consumer); both spin with
 * {@link Thread#onSpinWait()}.
 *
 * <p>{@code plain}: the two cursors are the adjacent volatile fields {@code head} and {@code tail} of one
 * {@link Cursors} object, 8 bytes apart, so every store by one side takes the line the other side is about to store
 * to. Expected finding: <b>false sharing</b> on {@code io.jremix.workloads.repair.SpscRing$Cursors}, fields
 * {@code head} and {@code tail} (plus <b>true sharing</b> on the same fields, from re-reading the other side's
 * cursor, and on the {@code long[]} slots handed over). Placement is left to the allocator: a line boundary falls
 * between {@code head} and {@code tail} in 1 placement of 8 (the object 40 bytes into its line), and then the run
 * goes as fast as {@code padded}.
 *
 * <p>{@code padded}: {@link PaddedCursors}, the same two cursors padded apart by hand, Disruptor style: a
 * superclass of seven longs, {@code head}, seven longs, {@code tail}, seven longs, each in its own class of the
 * hierarchy so that the JVM cannot reorder them (superclass fields come first). {@code head} and {@code tail} are 64
 * bytes apart with 56 bytes of padding around each.
 *
 * <p>Args: {@code [plain|padded] [messages=DEFAULT_MESSAGES]}; always two threads (producer, consumer). Message
 * {@code m} carries {@code m + 1}. Prints {@code SpscRing Time <nanos>ns result=<sum of consumed values>}, which the
 * self-check compares with {@code messages * (messages + 1) / 2}.
 */
public final class SpscRing {
    public static final long DEFAULT_MESSAGES = 20_000_000L;
    public static final int CAPACITY = 1024;
    private static final int MASK = CAPACITY - 1;

    /** The two cursors, behind one abstract class so that the loops below serve both variants. */
    abstract static class Indices {
        /** The consumer cursor: how many messages were consumed (a volatile read). */
        abstract long head();

        /** Frees the slots before {@code h} (a release store). */
        abstract void setHead(long h);

        /** The producer cursor: how many messages were published (a volatile read). */
        abstract long tail();

        /** Publishes the slots before {@code t} (a release store). */
        abstract void setTail(long t);
    }

    /** {@code plain}: both cursors in one 32-byte object, {@code head} at offset 16 and {@code tail} at 24. */
    static final class Cursors extends Indices {
        private static final VarHandle HEAD = handle(Cursors.class, "head");
        private static final VarHandle TAIL = handle(Cursors.class, "tail");

        volatile long head;
        volatile long tail;

        @Override
        long head() {
            return head;
        }

        @Override
        void setHead(long h) {
            HEAD.setRelease(this, h);
        }

        @Override
        long tail() {
            return tail;
        }

        @Override
        void setTail(long t) {
            TAIL.setRelease(this, t);
        }
    }

    /** Padding before {@code head}. */
    abstract static class HeadLhsPadding extends Indices {
        long p1, p2, p3, p4, p5, p6, p7;
    }

    /** The consumer cursor of {@link PaddedCursors}. */
    abstract static class HeadValue extends HeadLhsPadding {
        volatile long head;
    }

    /** Padding between {@code head} and {@code tail}. */
    abstract static class MidPadding extends HeadValue {
        long p9, p10, p11, p12, p13, p14, p15;
    }

    /** The producer cursor of {@link PaddedCursors}. */
    abstract static class TailValue extends MidPadding {
        volatile long tail;
    }

    /** {@code padded}: {@code head} and {@code tail} each with 56 bytes of padding on both sides. */
    static final class PaddedCursors extends TailValue {
        private static final VarHandle HEAD = handle(HeadValue.class, "head");
        private static final VarHandle TAIL = handle(TailValue.class, "tail");

        long p17, p18, p19, p20, p21, p22, p23;

        @Override
        long head() {
            return head;
        }

        @Override
        void setHead(long h) {
            HEAD.setRelease(this, h);
        }

        @Override
        long tail() {
            return tail;
        }

        @Override
        void setTail(long t) {
            TAIL.setRelease(this, t);
        }
    }

    private SpscRing() {
    }

    private static VarHandle handle(Class<?> owner, String field) {
        try {
            return MethodHandles.lookup().findVarHandle(owner, field, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static void produce(Indices cursors, long[] buffer, long messages) {
        long cachedHead = 0;
        for (long t = 0; t < messages; t++) {
            if (t - cachedHead >= CAPACITY) {
                while (t - (cachedHead = cursors.head()) >= CAPACITY) {
                    Thread.onSpinWait();
                }
            }
            buffer[(int) t & MASK] = t + 1;
            cursors.setTail(t + 1);
        }
    }

    private static long consume(Indices cursors, long[] buffer, long messages) {
        long sum = 0;
        long cachedTail = 0;
        for (long h = 0; h < messages; h++) {
            if (h >= cachedTail) {
                while (h >= (cachedTail = cursors.tail())) {
                    Thread.onSpinWait();
                }
            }
            sum += buffer[(int) h & MASK];
            cursors.setHead(h + 1);
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SpscRing [plain|padded] [messages]", 1, "plain", "padded");
        long messages = a.longArg(0, "messages", DEFAULT_MESSAGES, 1);
        long[] buffer = new long[CAPACITY];
        Indices cursors = a.mode().equals("padded") ? new PaddedCursors() : new Cursors();
        long[] sum = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                produce(cursors, buffer, messages);
            } else {
                sum[0] = consume(cursors, buffer, messages);
            }
        });
        Workload.checkEquals("sum of consumed values", Workload.triangular(messages), sum[0]);
        Workload.report(SpscRing.class, nanos, sum[0]);
    }
}
