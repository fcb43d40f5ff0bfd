package io.jremix.workloads.park;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Thousands of virtual threads that park on one lock, enter one monitor, sleep and bump shared counters: what the
 * park profiler, the monitor profiler, cache detection and VBD all see at once. Prints the totals, which do not
 * depend on the schedule, so a run under jremix must print what a plain run prints.
 *
 * <p>Virtual threads are JDK 21+, the workloads are compiled for 17: the executor is made by reflection, and on an
 * older JDK the program says so and exits with 3.
 *
 * <p>Usage: {@code VirtualThreads [threads=3000] [rounds=20]}.
 */
public final class VirtualThreads {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final Object MONITOR = new Object();
    private static final AtomicLong ATOMIC = new AtomicLong();
    private static long underLock;
    private static long underMonitor;

    private VirtualThreads() {
    }

    public static void main(String[] args) throws Exception {
        Args a = new Args(args, "VirtualThreads [threads=3000] [rounds=20]");
        int threads = (int) a.number(0, 3000);
        int rounds = (int) a.number(1, 20);
        ExecutorService executor;
        try {
            executor = (ExecutorService) java.util.concurrent.Executors.class
                    .getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            System.out.println("virtual threads need JDK 21 or later");
            System.exit(3);
            return;
        }
        for (int t = 0; t < threads; t++) {
            executor.execute(() -> work(rounds));
        }
        executor.shutdown();
        executor.awaitTermination(Long.MAX_VALUE, TimeUnit.DAYS);
        System.out.println("virtual threads " + threads + ", rounds " + rounds + ": lock " + underLock + ", monitor "
                + underMonitor + ", atomic " + ATOMIC.get());
    }

    private static void work(int rounds) {
        for (int r = 0; r < rounds; r++) {
            LOCK.lock();
            try {
                underLock++;
            } finally {
                LOCK.unlock();
            }
            synchronized (MONITOR) {
                underMonitor++;
            }
            ATOMIC.incrementAndGet();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
