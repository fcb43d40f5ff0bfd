package io.jremix.workloads.cache;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * More threads at once than detection traces: {@code threads} platform or virtual threads, each bumping its own
 * counter among 8 adjacent {@code long}s ({@code counts[t % 8]}) {@code iterations} times, then waiting until every
 * thread has done so, then bumping it as many times again. Every thread is alive, and has made its first accesses,
 * before any ends. Expected finding: <b>false sharing</b> on {@code long[]} elements; the report says how many
 * threads were not traced.
 *
 * <p>Virtual threads are JDK 21+ and the workloads are compiled for 17, so their executor is made by reflection;
 * on an older JDK {@code virtual} prints a line and exits with status 3.
 *
 * <p>Args: {@code [threads=400] [iterations=100000] [platform|virtual]}. Prints
 * {@code ManyThreads <threads> <mode> result=<sum of all bumps>}.
 */
public final class ManyThreads {
    /** Never set: a volatile read per iteration that keeps the array store inside the loop. */
    static volatile boolean stop;
    static final long[] COUNTS = new long[8];

    private ManyThreads() {
    }

    public static void main(String[] args) throws Exception {
        Workload.Args a = Workload.args(args, "ManyThreads [threads] [iterations] [platform|virtual]", 2,
                "platform", "virtual");
        int threads = a.intArg(0, "threads", 400, 1, 100_000);
        long iterations = a.longArg(1, "iterations", 100_000, 1);
        ExecutorService pool = pool(a.mode());
        CountDownLatch allStarted = new CountDownLatch(threads);
        AtomicLong bumps = new AtomicLong();
        for (int t = 0; t < threads; t++) {
            int slot = t % COUNTS.length;
            pool.execute(() -> {
                long n = bump(slot, iterations);
                allStarted.countDown();
                try {
                    allStarted.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                bumps.addAndGet(n + bump(slot, iterations));
            });
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.DAYS);
        System.out.println("ManyThreads " + threads + " " + a.mode() + " result=" + bumps.get());
    }

    private static long bump(int slot, long iterations) {
        long[] c = COUNTS;
        long n = 0;
        for (long k = iterations; k != 0 && !stop; k--) {
            c[slot]++;
            n++;
        }
        return n;
    }

    private static ExecutorService pool(String mode) throws ReflectiveOperationException {
        if (mode.equals("platform")) {
            return Executors.newCachedThreadPool();
        }
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            System.out.println("virtual threads need JDK 21 or later");
            System.exit(3);
            return null;
        }
    }
}
