package io.jremix.workloads.cache.repair;

import io.jremix.workloads.cache.Workload;

/**
 * A single-producer single-consumer ring of {@value #CAPACITY} {@code long} slots, in the style of JCTools'
 * {@code SpscArrayQueue}: the producer thread writes a slot and then publishes it with a volatile store to the
 * producer cursor {@code tail}; the consumer thread reads {@code tail}, reads the slot, folds the value into a
 * running hash (its work per message) and frees the slot with a volatile store to the consumer cursor {@code head}.
 * Each side keeps its own copy of the other's cursor and re-reads the real one only when that copy says the ring is
 * full or empty; a full ring makes the producer wait until {@value #LOOKAHEAD} slots are free (JCTools' look-ahead
 * step), so that it re-reads {@code head} once per batch, not once per message. Both spin with
 * {@link Thread#onSpinWait()}. The consumer is the slower side, so the producer runs ahead in bursts while the
 * consumer works through a full ring: neither reads the other's cursor often, and each writes its own on every
 * message.
 *
 * <p>{@code plain}: the two cursors are the adjacent volatile fields {@code head} and {@code tail} of one
 * {@link Cursors} object, 8 bytes apart, so each volatile store (a store and a full fence on x86) has to take back
 * the line the other side's last store took. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.repair.SpscRing$Cursors}, fields {@code head} and {@code tail} (plus <b>true sharing</b>
 * on the same fields, from re-reading the other side's cursor, and false and true sharing on the {@code long[]}
 * slots handed over). Placement is left to the allocator: a line boundary falls between {@code head} and
 * {@code tail} in 1 placement of 8 (the object 40 bytes into its line), and then the run goes as fast as
 * {@code padded}.
 *
 * <p>{@code padded}: {@link PaddedCursors}, the same two cursors padded apart by hand, Disruptor style: seven longs,
 * {@code head}, seven longs, {@code tail}, seven longs, each group in its own class of the hierarchy so that the JVM
 * cannot reorder them (superclass fields are laid out first). {@code head} and {@code tail} are 64 bytes apart with
 * 56 bytes of padding around each.
 *
 * <p>Args: {@code [plain|padded] [messages=DEFAULT_MESSAGES]}; always two threads (producer, consumer). Message
 * {@code m} carries {@code m + 1}. Prints {@code SpscRing Time <nanos>ns result=<sum of consumed values>}; the
 * self-check compares the sum with {@code messages * (messages + 1) / 2} and the running hash with the one computed
 * directly (so every message arrived once, in order).
 */
public final class SpscRing {
    public static final long DEFAULT_MESSAGES = 20_000_000L;
    public static final int CAPACITY = 1024;
    /** When the ring is full, the producer waits until this many slots are free (JCTools' look-ahead step). */
    public static final int LOOKAHEAD = CAPACITY / 4;
    private static final int MASK = CAPACITY - 1;

    /** The two cursors, behind one abstract class so that the loops below serve both variants. */
    abstract static class Indices {
        /** The consumer cursor: how many messages were consumed (a volatile read). */
        abstract long head();

        /** Frees the slots before {@code h} (a volatile store). */
        abstract void setHead(long h);

        /** The producer cursor: how many messages were published (a volatile read). */
        abstract long tail();

        /** Publishes the slots before {@code t} (a volatile store). */
        abstract void setTail(long t);
    }

    /** {@code plain}: both cursors in one 32-byte object, {@code head} at offset 16 and {@code tail} at 24. */
    static final class Cursors extends Indices {
        volatile long head;
        volatile long tail;

        @Override
        long head() {
            return head;
        }

        @Override
        void setHead(long h) {
            head = h;
        }

        @Override
        long tail() {
            return tail;
        }

        @Override
        void setTail(long t) {
            tail = t;
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
        long p17, p18, p19, p20, p21, p22, p23;

        @Override
        long head() {
            return head;
        }

        @Override
        void setHead(long h) {
            head = h;
        }

        @Override
        long tail() {
            return tail;
        }

        @Override
        void setTail(long t) {
            tail = t;
        }
    }

    private SpscRing() {
    }

    private static void produce(Indices cursors, long[] buffer, long messages) {
        long cachedHead = 0;
        for (long t = 0; t < messages; t++) {
            if (t - cachedHead >= CAPACITY) {
                while (t + LOOKAHEAD - (cachedHead = cursors.head()) > CAPACITY) {
                    Thread.onSpinWait();
                }
            }
            buffer[(int) t & MASK] = t + 1;
            cursors.setTail(t + 1);
        }
    }

    /** Returns the sum of the consumed values and, in {@code hash[0]}, their running hash. */
    private static long consume(Indices cursors, long[] buffer, long messages, long[] hash) {
        long sum = 0;
        long h = 0;
        long cachedTail = 0;
        for (long head = 0; head < messages; head++) {
            if (head >= cachedTail) {
                while (head >= (cachedTail = cursors.tail())) {
                    Thread.onSpinWait();
                }
            }
            long v = buffer[(int) head & MASK];
            sum += v;
            h = mix(h + v);
            cursors.setHead(head + 1);
        }
        hash[0] = h;
        return sum;
    }

    /** The consumer's work on each message: a step of a running hash (MurmurHash3's 64-bit finalizer). */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SpscRing [plain|padded] [messages]", 1, "plain", "padded");
        long messages = a.longArg(0, "messages", DEFAULT_MESSAGES, 1);
        long[] buffer = new long[CAPACITY];
        Indices cursors = a.mode().equals("padded") ? new PaddedCursors() : new Cursors();
        long[] sum = new long[1];
        long[] hash = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                produce(cursors, buffer, messages);
            } else {
                sum[0] = consume(cursors, buffer, messages, hash);
            }
        });
        long expectedHash = 0;
        for (long v = 1; v <= messages; v++) {
            expectedHash = mix(expectedHash + v);
        }
        Workload.checkEquals("sum of consumed values", Workload.triangular(messages), sum[0]);
        Workload.checkEquals("hash of consumed values in order", expectedHash, hash[0]);
        Workload.report(SpscRing.class, nanos, sum[0]);
    }
}
