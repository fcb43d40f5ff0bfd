package io.jremix.workloads.cache;

/**
 * Write-heavy like {@link BaseTest}, but with nothing shared: each thread allocates its own {@code long[64]} and
 * increments and reads back element 32 in a tight loop ({@link LongArrayCounters} with the counters apart). Element
 * 32 sits 256 bytes from either end of its 528-byte array, so whatever the allocator or a GC puts next to it, no
 * other thread's data is within a cache line (or a 128-byte line pair) of it. <b>Control: must stay silent.</b>
 *
 * <p>Like {@code LongArrayCounters}, the loop reads the never-set volatile {@link #stop} so C2 cannot sink the
 * array store out of the loop.
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code SeparateLines Time <nanos>ns result=<sum of the values read back>}.
 */
public final class SeparateLines {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 1_600_000_000L;
    static final int LENGTH = 64;
    static final int SLOT = 32;

    /** Never set: a volatile read per iteration that keeps the array store inside the loop. */
    static volatile boolean stop;

    private SeparateLines() {
    }

    private static long run(long[] own, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0 && !stop; k--) {
            own[SLOT]++;
            sum += own[SLOT];
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SeparateLines [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        long[] sums = new long[threads];
        long[] finals = new long[threads];
        long nanos = Workload.runThreads(threads, t -> {
            long[] own = new long[LENGTH];
            sums[t] = run(own, iterations);
            finals[t] = own[SLOT];
        });
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("counter of thread " + t, iterations, finals[t]);
            Workload.checkEquals("sum of thread " + t, Workload.triangular(iterations), sums[t]);
            result += sums[t];
        }
        Workload.report(SeparateLines.class, nanos, result);
    }
}
