package io.jremix.workloads.cache.repair;

import io.jremix.workloads.cache.Workload;

/**
 * A three-stage Disruptor pipeline: a producer publishes events into a ring buffer of {@value #CAPACITY}
 * {@code long}s, consumer A transforms each event in place ({@code v -> 3 * v + 1}), and consumer B, downstream of
 * A, sums the transformed values. Each stage tracks its progress in its own {@link AbstractSequence} and publishes
 * it (a volatile store) after every event: the producer's {@code cursor}, A's and B's sequences. A waits for the
 * cursor, B waits for A, and the producer waits for B when the ring is full (the wrap point; it caches B's value
 * until it passes it again); a consumer that wakes up takes every event available as one batch. Every wait spins
 * {@value AbstractSequence#SPIN_TRIES} reads and then yields, like the Disruptor's {@code YieldingWaitStrategy},
 * since the three threads share two cores here.
 *
 * <p>{@code plain}: the three sequences are {@link Sequence}s allocated one after the other, their {@code value}s 24
 * bytes apart: the three values span 56 bytes, which hold at most one line boundary, so at least two of the three
 * share a cache line (all three in 2 placements of 8), and a stage publishing its sequence takes the line from the
 * stages spinning on the others. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.repair.Sequence}, field {@code value} (plus <b>true sharing</b> on {@code value} from
 * the waits, and false and true sharing on the {@code long[]} events handed over, which padding the sequences does
 * not remove, so the gain from padding is moderate).
 *
 * <p>{@code padded}: the same with {@link PaddedSequence}s, each {@code value} with a cache line to itself.
 *
 * <p>Args: {@code [plain|padded] [events=DEFAULT_EVENTS]}; always three threads (producer, A, B). Event {@code i}
 * carries {@code i + 1}. Prints {@code SequencePipeline Time <nanos>ns result=<B's sum>}, which the self-check
 * compares with the sum computed directly, {@code 3 * events * (events + 1) / 2 + events}.
 */
public final class SequencePipeline {
    public static final long DEFAULT_EVENTS = 20_000_000L;
    public static final int CAPACITY = 1024;
    private static final int MASK = CAPACITY - 1;
    private static final int CURSOR = 0;
    private static final int STAGE_A = 1;
    private static final int STAGE_B = 2;

    private SequencePipeline() {
    }

    /** Publishes events {@code 0 .. events - 1}, each carrying its number plus one, never lapping B. */
    private static void produce(long[] ring, AbstractSequence cursor, AbstractSequence gate, long events) {
        long cachedGate = AbstractSequence.INITIAL_VALUE;
        for (long next = 0; next < events; next++) {
            long wrapPoint = next - CAPACITY;
            if (wrapPoint > cachedGate) {
                cachedGate = AbstractSequence.waitFor(wrapPoint, gate);
            }
            ring[(int) next & MASK] = next + 1;
            cursor.set(next);
        }
    }

    /** Stage A: transforms each event once the producer has published it. */
    private static void transform(long[] ring, AbstractSequence upstream, AbstractSequence own, long events) {
        long next = own.get() + 1;
        while (next < events) {
            long available = AbstractSequence.waitFor(next, upstream);
            for (long s = next; s <= available; s++) {
                int i = (int) s & MASK;
                ring[i] = 3 * ring[i] + 1;
                own.set(s);
            }
            next = available + 1;
        }
    }

    /** Stage B: sums each event once A has transformed it. */
    private static long sum(long[] ring, AbstractSequence upstream, AbstractSequence own, long events) {
        long sum = 0;
        long next = own.get() + 1;
        while (next < events) {
            long available = AbstractSequence.waitFor(next, upstream);
            for (long s = next; s <= available; s++) {
                sum += ring[(int) s & MASK];
                own.set(s);
            }
            next = available + 1;
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SequencePipeline [plain|padded] [events]", 1, "plain", "padded");
        long events = a.longArg(0, "events", DEFAULT_EVENTS, 1);
        long[] ring = new long[CAPACITY];
        AbstractSequence[] sequences = AbstractSequence.allocate(a.mode().equals("padded"), 3);
        AbstractSequence cursor = sequences[CURSOR];
        AbstractSequence stageA = sequences[STAGE_A];
        AbstractSequence stageB = sequences[STAGE_B];
        long[] sum = new long[1];
        long nanos = Workload.runThreads(3, t -> {
            switch (t) {
                case 0 -> produce(ring, cursor, stageB, events);
                case 1 -> transform(ring, cursor, stageA, events);
                default -> sum[0] = sum(ring, stageA, stageB, events);
            }
        });
        long expected = 3 * Workload.triangular(events) + events;
        Workload.checkEquals("sum of transformed events", expected, sum[0]);
        Workload.checkEquals("last sequence of B", events - 1, stageB.get());
        Workload.report(SequencePipeline.class, nanos, sum[0]);
    }
}
