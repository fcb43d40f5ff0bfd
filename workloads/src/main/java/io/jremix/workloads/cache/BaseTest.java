package io.jremix.workloads.cache;

/**
 * The REMIX paper's false-sharing example. {@code longs} holds one {@link VolatileLong} per thread, allocated one
 * right after the other before any worker starts, so neighbouring {@code value} fields (24 bytes apart with
 * compressed oops) tend to share a cache line; thread {@code i} stores to and reloads its own
 * {@code longs[i].value} in a tight loop. No datum is shared, only the line. Expected finding: <b>false
 * sharing</b> on {@code io.jremix.workloads.cache.BaseTest$VolatileLong}, field {@code value}, written by several
 * threads (compare {@link PaddedBaseTest}, the padded-by-hand fix).
 *
 * <p>Placement is left to the allocator, as in the paper. Two neighbouring {@code value} words are on different
 * lines only if a line boundary falls in the 24 bytes between them, which happens in 3 placements of 8 (the first
 * at 40, 48 or 56 bytes into its line); so with 2 threads the two objects share a line in 5 placements of 8, and a
 * given program tends to land the same way run after run. With 4 or more threads sharing is guaranteed: the 3 gaps
 * between 4 consecutive values span 72 bytes, which hold at most 2 line boundaries, and each boundary separates
 * only one pair of neighbours, so at least one pair shares a line. Tests that need the finding use 4 threads; on 2
 * cores the kernel may still alternate the sharing pair on one core for a whole run, so no line ever moves and
 * there is nothing to find (the tests run such a program again).
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code BaseTest Time <nanos>ns}.
 */
public final class BaseTest {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 50_000_000L;

    public final static class VolatileLong {
        public volatile long value = 0L;
    }

    private static VolatileLong[] longs;

    private BaseTest() {
    }

    /**
     * Allocates the {@code VolatileLong}s consecutively, once per JVM for a given thread count: the paper does this in
     * a static initializer, so a program that calls {@code main} again (a benchmark's rounds) keeps the placement
     * the first call got instead of drawing a new one each time.
     */
    private static void allocate(int numThreads) {
        if (longs != null && longs.length == numThreads) {
            return;
        }
        longs = new VolatileLong[numThreads];
        for (int i = 0; i < numThreads; i++) {
            longs[i] = new VolatileLong();
        }
    }

    private static long run(int arrayIndex, long iterations) {
        long i = iterations + 1;
        VolatileLong vl = longs[arrayIndex];
        long sum = 0;
        while (0 != --i) {
            vl.value = i;
            sum += vl.value;
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "BaseTest [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        allocate(threads);
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(t, iterations));
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, Workload.triangular(iterations), sums[t]);
        }
        System.out.println("BaseTest Time " + nanos + "ns");
    }
}
