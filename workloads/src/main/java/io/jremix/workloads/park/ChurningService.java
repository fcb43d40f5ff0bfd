package io.jremix.workloads.park;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A service left running, for memory measurements over long runs: the main thread hands tasks to a pool of
 * workers for {@code seconds}. Each task brings new park blockers that live only as long as it does — a
 * {@link ReentrantLock} that two workers take in turn, and a {@link CompletableFuture} per worker that the main
 * thread joins — so a run makes millions of short-lived blockers. The workers count into adjacent elements of one
 * array, a task's two halves into neighbouring ones, whichever workers run them (false and true sharing, which
 * detection finds), and allocate short-lived arrays.
 *
 * <p>Prints {@code tasks <n>} at the end. Usage: {@code ChurningService [seconds=60] [workers=4]}.
 */
public final class ChurningService {
    private static final int TURNS = 50;
    private static final int ARRAYS = 20;
    /** One counter per worker, side by side on one cache line. */
    private static long[] counters;

    private ChurningService() {
    }

    public static void main(String[] args) throws InterruptedException {
        Args a = new Args(args, "ChurningService [seconds=60] [workers=4]");
        long seconds = a.number(0, 60);
        int workers = (int) Math.max(2, a.number(1, 4));
        counters = new long[workers];
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long tasks = 0;
        while (System.nanoTime() - deadline < 0) {
            ReentrantLock lock = new ReentrantLock();
            int first = (int) (tasks % workers);
            CompletableFuture<Long> one = CompletableFuture.supplyAsync(() -> work(lock, first), pool);
            CompletableFuture<Long> two = CompletableFuture.supplyAsync(() -> work(lock, (first + 1) % workers), pool);
            one.join();
            two.join();
            tasks++;
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        System.out.println("tasks " + tasks);
    }

    /** Takes the task's lock {@link #TURNS} times, counting and allocating under it. */
    private static long work(ReentrantLock lock, int slot) {
        long sum = 0;
        for (int t = 0; t < TURNS; t++) {
            lock.lock();
            try {
                for (int i = 0; i < ARRAYS; i++) {
                    long[] garbage = new long[16];
                    garbage[i & 15] = t;
                    sum += garbage[t & 15];
                    counters[slot]++;
                }
            } finally {
                lock.unlock();
            }
        }
        return sum;
    }
}
