package io.jremix.workloads.cache;

/**
 * Single-producer single-consumer ring buffers with their two indices side by side in one object. Message
 * {@code m} goes through ring {@code m % RINGS}, so producer and consumer both visit the rings in turn and each
 * ring is an ordinary SPSC hand-off. The producer thread writes a {@code buffer} slot and then publishes it by
 * writing the ring's {@code tail}; the consumer thread reads {@code tail}, reads the slot and releases it by
 * writing {@code head}; each also reads the other's index on every attempt. {@code head} and {@code tail} are 8
 * bytes apart in {@link Ring}, so every write by one side invalidates the line the other side is using. Expected
 * finding: <b>false sharing</b> on {@code io.jremix.workloads.cache.SpscQueue$Ring}, fields {@code head} and
 * {@code tail} (plus <b>true sharing</b> on the same fields, from reading the other side's index, and false and
 * true sharing on the {@code long[]} slots handed over).
 *
 * <p>Sharing by construction: in one ring {@code head} and {@code tail} are split by a line boundary in 1
 * placement of 8 (a boundary right at {@code tail}). The buffers are allocated first and the {@value #RINGS} rings
 * after them, back to back ({@link Workload#consecutive}), 32 bytes apart with compressed oops, so if a boundary
 * splits one ring it cannot split its neighbours: at least 2 of the 4 rings have {@code head} and {@code tail} on
 * one line.
 *
 * <p>Args: {@code [messages=DEFAULT_MESSAGES]}; always two threads (producer, consumer). Prints
 * {@code SpscQueue Time <nanos>ns result=<sum of consumed values>} (message {@code m} carries {@code m + 1}, so the
 * result is {@code messages * (messages + 1) / 2}).
 */
public final class SpscQueue {
    public static final long DEFAULT_MESSAGES = 6_000_000L;
    public static final int CAPACITY = 1024;
    public static final int RINGS = Workload.SLOTS;
    private static final int MASK = CAPACITY - 1;

    public static final class Ring {
        final long[] buffer;
        volatile long head;
        volatile long tail;

        Ring(long[] buffer) {
            this.buffer = buffer;
        }
    }

    private SpscQueue() {
    }

    private static void produce(Ring[] rings, long messages) {
        long sent = 0;
        while (sent < messages) {
            Ring ring = rings[(int) sent & (RINGS - 1)];
            long t = ring.tail;
            if (t - ring.head < CAPACITY) {
                ring.buffer[(int) (t & MASK)] = sent + 1;
                ring.tail = t + 1;
                sent++;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private static long consume(Ring[] rings, long messages) {
        long sum = 0;
        long received = 0;
        while (received < messages) {
            Ring ring = rings[(int) received & (RINGS - 1)];
            long h = ring.head;
            if (h < ring.tail) {
                sum += ring.buffer[(int) (h & MASK)];
                ring.head = h + 1;
                received++;
            } else {
                Thread.onSpinWait();
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SpscQueue [messages]", 1);
        long messages = a.longArg(0, "messages", DEFAULT_MESSAGES, 1);
        long[][] buffers = new long[RINGS][CAPACITY];
        Ring[] rings = Workload.consecutive(new Ring[RINGS], i -> new Ring(buffers[i]));
        long[] sum = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                produce(rings, messages);
            } else {
                sum[0] = consume(rings, messages);
            }
        });
        Workload.checkEquals("sum of consumed values", Workload.triangular(messages), sum[0]);
        Workload.report(SpscQueue.class, nanos, sum[0]);
    }
}
