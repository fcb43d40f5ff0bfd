package io.jremix.workloads.cache;

/**
 * Latent false sharing: two threads each store to and reload their own 24-byte {@link Counter} in a tight loop, as in
 * {@link BaseTest}, but the two counters are allocated with a 272-byte {@code long[32]} between them, so in this
 * program their {@code value} fields lie 296 bytes apart and never share a line: no coherence miss, no false sharing
 * to observe. A program that allocates two counters one after the other (BaseTest) puts them on one line in 5
 * placements of 8; jremix must predict that here too. Expected finding: <b>latent false sharing</b> on
 * {@code io.jremix.workloads.cache.LatentCounters$Counter}, field {@code value}, written by two threads.
 *
 * <p>The gap holds whatever the collector does: the three objects are reachable only from {@link #PLACED}, in order,
 * and a copying or sliding collector (Serial, which the tests use) keeps them in that order and adjacent.
 *
 * <p>Args: {@code [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code LatentCounters Time <nanos>ns result=<sum of the values read back>}.
 */
public final class LatentCounters {
    public static final long DEFAULT_ITERATIONS = 100_000_000L;
    private static final int THREADS = 2;

    public static final class Counter {
        public volatile long value;
    }

    /** The first counter, the gap, the second counter: allocated in this order when the class initializes. */
    private static final Object[] PLACED = {new Counter(), new long[32], new Counter()};

    private LatentCounters() {
    }

    private static long run(Counter c, long iterations) {
        long sum = 0;
        for (long i = iterations; i != 0; i--) {
            c.value = i;
            sum += c.value;
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "LatentCounters [iterations]", 1);
        long iterations = a.longArg(0, "iterations", DEFAULT_ITERATIONS, 1);
        long[] sums = new long[THREADS];
        long nanos = Workload.runThreads(THREADS, t -> sums[t] = run((Counter) PLACED[2 * t], iterations));
        long result = 0;
        for (int t = 0; t < THREADS; t++) {
            Workload.checkEquals("sum of thread " + t, Workload.triangular(iterations), sums[t]);
            result += sums[t];
        }
        Workload.report(LatentCounters.class, nanos, result);
    }
}
