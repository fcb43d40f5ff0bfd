package io.jremix.workloads.cache;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link AtomicLong}s allocated one right after the other, each thread cycling over its own: thread {@code t} owns
 * {@value Workload#SLOTS} of them, and each iteration does an {@code incrementAndGet()} and a {@code get()} on the
 * next one. No counter is shared, only lines. Expected finding: <b>false sharing</b> on
 * {@code java.util.concurrent.atomic.AtomicLong}, field {@code value}.
 *
 * <p>Sharing by construction: the {@code threads * SLOTS} counters are allocated back to back in one loop
 * ({@link Workload#consecutive}; 24 bytes apart with compressed oops), interleaved so that counter
 * {@code s * threads + t} belongs to thread {@code t} ({@link Workload#slot}): with two or more threads, every two
 * neighbours belong to different threads. The {@code value} words of two neighbours are on different lines only
 * if a line boundary falls in the 24 bytes between them, so each boundary separates exactly one pair of
 * neighbours. With two threads the 7 gaps between the 8 values span 168 bytes, which hold at most 3 boundaries,
 * so at least 4 pairs of neighbours share a line, whatever the placement. (Were the batch split in two by a TLAB
 * refill, one part would still hold 4 consecutive counters: 3 gaps in 72 bytes, at most 2 boundaries.)
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread; 1 thread = no sharing).
 * Prints {@code AdjacentAtomicLongs Time <nanos>ns result=<sum of the values read>}.
 */
public final class AdjacentAtomicLongs {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 25_000_000L;

    /** {@code threads * SLOTS} counters, allocated back to back, interleaved by {@link Workload#slot}. */
    static AtomicLong[] counters;

    private AdjacentAtomicLongs() {
    }

    /** Thread {@code t}'s loop, over its own counters (in an array of its own, not on the counters' lines). */
    private static long run(int threads, int t, long iterations) {
        AtomicLong[] mine = new AtomicLong[Workload.SLOTS];
        for (int s = 0; s < mine.length; s++) {
            mine[s] = counters[Workload.slot(threads, t, s)];
        }
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            AtomicLong counter = mine[(int) k & (Workload.SLOTS - 1)];
            counter.incrementAndGet();
            sum += counter.get();
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "AdjacentAtomicLongs [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        counters = Workload.consecutive(new AtomicLong[threads * Workload.SLOTS], i -> new AtomicLong());
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(threads, t, iterations));
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, Workload::triangular);
        long result = 0;
        Workload.checkCounters("counter", threads, iterations, i -> counters[i].get());
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        Workload.report(AdjacentAtomicLongs.class, nanos, result);
    }
}
