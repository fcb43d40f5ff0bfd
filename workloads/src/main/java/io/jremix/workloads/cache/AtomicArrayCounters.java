package io.jremix.workloads.cache;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * An {@link AtomicLongArray} with {@value Workload#SLOTS} counters per thread: each iteration, thread {@code t}
 * does {@code incrementAndGet(i)} and {@code get(i)} on the next of its elements, {@code i} cycling over them. The
 * elements live side by side in the array's backing {@code long[]}, so counters of different threads share cache
 * lines. Expected finding: <b>false sharing</b> on the array elements, i.e. the {@code long[]} behind
 * {@code java.util.concurrent.atomic.AtomicLongArray} (field {@code array}).
 *
 * <p>Sharing by construction: element {@code s * threads + t} belongs to thread {@code t} ({@link Workload#slot}),
 * so with two or more threads every two neighbouring elements belong to different threads. Neighbours are 8 bytes
 * apart and each line boundary separates exactly one pair of them; with two threads the 8 elements span 64 bytes,
 * which hold at most one boundary, so at least 6 of the 7 pairs of neighbours share a line, wherever the array is.
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code AtomicArrayCounters Time <nanos>ns result=<sum of the values read>}.
 */
public final class AtomicArrayCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 25_000_000L;

    static AtomicLongArray counters;

    private AtomicArrayCounters() {
    }

    private static long run(int threads, int t, long iterations) {
        AtomicLongArray c = counters;
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            int i = Workload.slot(threads, t, k);
            c.incrementAndGet(i);
            sum += c.get(i);
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "AtomicArrayCounters [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        counters = new AtomicLongArray(threads * Workload.SLOTS);
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(threads, t, iterations));
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, Workload::triangular);
        long result = 0;
        Workload.checkCounters("counter", threads, iterations, counters::get);
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        Workload.report(AtomicArrayCounters.class, nanos, result);
    }
}
