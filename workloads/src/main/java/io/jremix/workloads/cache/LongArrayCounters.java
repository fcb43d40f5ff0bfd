package io.jremix.workloads.cache;

/**
 * One plain {@code long[]} with {@value Workload#SLOTS} counters per thread: each iteration, thread {@code t} does
 * {@code counts[i]++} and reads the element back, with ordinary array loads and stores, {@code i} cycling over its
 * elements. Counters of different threads sit side by side, so they share cache lines. Expected finding:
 * <b>false sharing</b> on {@code long[]} (array elements, several threads).
 *
 * <p>Sharing by construction: element {@code s * threads + t} belongs to thread {@code t} ({@link Workload#slot}),
 * so with two or more threads every two neighbouring elements belong to different threads. Neighbours are 8 bytes
 * apart and each line boundary separates exactly one pair of them; with two threads the 8 elements span 64 bytes,
 * which hold at most one boundary, so at least 6 of the 7 pairs of neighbours share a line, wherever the array is.
 *
 * <p>The loop also reads {@link #stop}, a volatile flag nobody sets. Without such a barrier C2 may, depending on
 * the loop's shape, keep {@code counts[i]} in a register and sink the store out of the loop (an up-counting
 * {@code for (long k = 0; k < n; k++) c[i] = c[i] + 1;} did 2 × 200M increments in 60 ms, with no contention at
 * all); the volatile read forces a real load and store of the element every iteration, whatever the shape.
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code LongArrayCounters Time <nanos>ns result=<sum of the values read back>}.
 */
public final class LongArrayCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 120_000_000L;

    /** Never set: a volatile read per iteration that keeps the array store inside the loop. */
    static volatile boolean stop;
    static long[] counts;

    private LongArrayCounters() {
    }

    private static long run(int threads, int t, long iterations) {
        long[] c = counts;
        long sum = 0;
        for (long k = iterations; k != 0 && !stop; k--) {
            int i = Workload.slot(threads, t, k);
            c[i]++;
            sum += c[i];
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "LongArrayCounters [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        counts = new long[threads * Workload.SLOTS];
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(threads, t, iterations));
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, Workload::triangular);
        long result = 0;
        Workload.checkCounters("counts", threads, iterations, i -> counts[i]);
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        Workload.report(LongArrayCounters.class, nanos, result);
    }
}
