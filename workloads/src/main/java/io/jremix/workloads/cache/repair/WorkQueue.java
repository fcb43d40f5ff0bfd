package io.jremix.workloads.cache.repair;

import io.jremix.workloads.cache.Workload;

/**
 * A work queue in the style of Reactor's {@code WorkQueueProcessor} (the Disruptor's {@code WorkerPool}): a
 * producer publishes events into a ring buffer of {@value #CAPACITY} {@code long}s, advancing its {@code cursor};
 * the workers share one {@code work} sequence from which each claims the next event with a compare-and-set, then
 * waits for the cursor to reach it and processes it (adds it to its own sum and count). Each worker publishes its
 * progress in a sequence of its own (set to one before its claim, as in {@code WorkProcessor}), and the producer
 * waits, when the ring is full, for the minimum of the workers' sequences. Every wait spins
 * {@value AbstractSequence#SPIN_TRIES} reads and then yields, like the Disruptor's {@code YieldingWaitStrategy},
 * since the threads outnumber the two cores here.
 *
 * <p>{@code plain}: the sequences ({@code cursor}, {@code work}, then one per worker) are {@link Sequence}s
 * allocated one after the other, their {@code value}s 24 bytes apart, so neighbours share cache lines (the first
 * and the last of 4 consecutive values are 72 bytes apart, with at most 2 line boundaries between them, so at least
 * one of the 3 neighbouring pairs shares a line; with 2 workers, usually two do). Expected
 * finding: <b>false sharing</b> on {@code io.jremix.workloads.cache.repair.Sequence}, field {@code value} (plus <b>true
 * sharing</b> on {@code value}: all workers claim through {@code work}, which no padding can help, and on the
 * {@code long[]} events handed over). The claims dominate: the true sharing on {@code value} outweighs the false
 * sharing several times over, so padding (by hand or by jremix) gains little here; this is the benchmark where a
 * repair should at least not hurt.
 *
 * <p>{@code padded}: the same with {@link PaddedSequence}s, each {@code value} with a cache line to itself.
 *
 * <p>Args: {@code [plain|padded] [events=DEFAULT_EVENTS] [workers=2]}; threads: one producer plus the workers.
 * Event {@code i} carries {@code i + 1}. The self-check: the workers processed {@code events} events in all, with
 * sum {@code events * (events + 1) / 2} and the sum of squares computed directly, so each event exactly once. Prints
 * {@code WorkQueue Time <nanos>ns result=<sum of the processed values>}.
 */
public final class WorkQueue {
    public static final long DEFAULT_EVENTS = 40_000_000L;
    public static final int DEFAULT_WORKERS = 2;
    public static final int CAPACITY = 1024;
    private static final int MASK = CAPACITY - 1;
    private static final int CURSOR = 0;
    private static final int WORK = 1;
    private static final int FIRST_WORKER = 2;

    private WorkQueue() {
    }

    /** Publishes events {@code 0 .. events - 1}, each carrying its number plus one, never lapping a worker. */
    private static void produce(long[] ring, AbstractSequence[] sequences, long events) {
        AbstractSequence cursor = sequences[CURSOR];
        long cachedGate = AbstractSequence.INITIAL_VALUE;
        for (long next = 0; next < events; next++) {
            long wrapPoint = next - CAPACITY;
            if (wrapPoint > cachedGate) {
                cachedGate = AbstractSequence.waitFor(wrapPoint, sequences, FIRST_WORKER);
            }
            ring[(int) next & MASK] = next + 1;
            cursor.set(next);
        }
    }

    /**
     * One worker: claims events through {@code work} until the claims pass the last event; returns its sum, sum of
     * squares and count of processed values.
     */
    private static long[] work(long[] ring, AbstractSequence cursor, AbstractSequence work, AbstractSequence own,
                               long events) {
        long sum = 0;
        long squares = 0;
        long count = 0;
        long cachedAvailable = Long.MIN_VALUE;
        while (true) {
            long next;
            do {
                next = work.get() + 1;
                own.set(next - 1);
            } while (!work.compareAndSet(next - 1, next));
            if (next >= events) {
                break;
            }
            if (cachedAvailable < next) {
                cachedAvailable = AbstractSequence.waitFor(next, cursor);
            }
            long v = ring[(int) next & MASK];
            sum += v;
            squares += v * v;
            count++;
        }
        return new long[] {sum, squares, count};
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "WorkQueue [plain|padded] [events] [workers]", 2, "plain", "padded");
        long events = a.longArg(0, "events", DEFAULT_EVENTS, 1);
        int workers = a.intArg(1, "workers", DEFAULT_WORKERS, 1, 64);
        long[] ring = new long[CAPACITY];
        AbstractSequence[] sequences = AbstractSequence.allocate(a.mode().equals("padded"), FIRST_WORKER + workers);
        long[][] results = new long[workers][];
        long nanos = Workload.runThreads(1 + workers, t -> {
            if (t == 0) {
                produce(ring, sequences, events);
            } else {
                results[t - 1] = work(ring, sequences[CURSOR], sequences[WORK], sequences[FIRST_WORKER + t - 1], events);
            }
        });
        long sum = 0;
        long squares = 0;
        long count = 0;
        for (long[] r : results) {
            sum += r[0];
            squares += r[1];
            count += r[2];
        }
        long expectedSquares = 0;
        for (long v = 1; v <= events; v++) {
            expectedSquares += v * v;
        }
        Workload.checkEquals("events processed", events, count);
        Workload.checkEquals("sum of processed values", Workload.triangular(events), sum);
        Workload.checkEquals("sum of squares of processed values", expectedSquares, squares);
        Workload.report(WorkQueue.class, nanos, sum);
    }
}
