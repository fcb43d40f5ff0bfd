package io.jremix.workloads.cache;

/**
 * {@link BaseTest} with its {@code VolatileLong} padded by hand: seven longs before and seven after {@code value}
 * (volatile so nothing treats them as dead), which puts neighbouring {@code value} fields 136 bytes apart, on
 * different cache lines (and different 128-byte line pairs). Same threads, same loop, same iteration default as
 * {@code BaseTest}, so the two times compare directly. <b>Control: must stay silent</b>; it is also the
 * padded-by-hand baseline for the repair benchmarks.
 *
 * <p>Args: {@code [threads=2] [iterations=BaseTest.DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code PaddedBaseTest Time <nanos>ns result=<sum of the values read back>}.
 */
public final class PaddedBaseTest {
    public static final int DEFAULT_THREADS = BaseTest.DEFAULT_THREADS;
    public static final long DEFAULT_ITERATIONS = BaseTest.DEFAULT_ITERATIONS;

    public final static class VolatileLong {
        public volatile long p0, p1, p2, p3, p4, p5, p6;
        public volatile long value = 0L;
        public volatile long q0, q1, q2, q3, q4, q5, q6;
    }

    private static VolatileLong[] longs;

    private PaddedBaseTest() {
    }

    private static void allocate(int numThreads) {
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
        Workload.Args a = Workload.args(args, "PaddedBaseTest [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        allocate(threads);
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(t, iterations));
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, Workload.triangular(iterations), sums[t]);
            result += sums[t];
        }
        Workload.report(PaddedBaseTest.class, nanos, result);
    }
}
