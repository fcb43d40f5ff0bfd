package io.jremix.workloads.cache;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@link AtomicLong} incremented by every thread with {@code incrementAndGet()}: all threads read and write
 * the same 8 bytes, so every access by one thread finds them written by another. Expected finding: <b>true
 * sharing</b> on {@code java.util.concurrent.atomic.AtomicLong}, field {@code value} (not repairable by padding; the
 * fix is a different algorithm, e.g. {@code LongAdder}).
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]} (iterations per thread). Prints
 * {@code SharedAtomicLong Time <nanos>ns result=<final count, threads * iterations>}.
 */
public final class SharedAtomicLong {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 50_000_000L;

    static final AtomicLong counter = new AtomicLong();

    private SharedAtomicLong() {
    }

    private static long run(long iterations) {
        long last = 0;
        for (long k = iterations; k != 0; k--) {
            last = counter.incrementAndGet();
        }
        return last;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SharedAtomicLong [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        long[] last = new long[threads];
        counter.set(0); // main may run several times in one JVM (bench/Rounds)
        long nanos = Workload.runThreads(threads, t -> last[t] = run(iterations));
        long total = threads * iterations;
        Workload.checkEquals("counter", total, counter.get());
        long max = 0;
        for (long l : last) {
            max = Math.max(max, l);
        }
        Workload.checkEquals("largest value returned by incrementAndGet", total, max);
        Workload.report(SharedAtomicLong.class, nanos, counter.get());
    }
}
