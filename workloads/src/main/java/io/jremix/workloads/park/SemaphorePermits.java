package io.jremix.workloads.park;

import java.util.concurrent.Semaphore;

/**
 * Threads share a few permits of a {@link Semaphore}: each takes one, sleeps 1 ms with it and gives it back,
 * {@code rounds} times; with more threads than permits the others park in {@code acquire}.
 *
 * <p>Expected finding: parks on {@code Semaphore$NonfairSync} by threads named {@code SemaphorePermits-<n>}, as
 * often as JFR's {@code jdk.ThreadPark} events of those threads say.
 *
 * <p>Usage: {@code SemaphorePermits [threads=4] [rounds=200] [permits=2]}.
 */
public final class SemaphorePermits {
    private SemaphorePermits() {
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "SemaphorePermits [threads=4] [rounds=200] [permits=2]");
        int threads = (int) args.number(0, 4);
        long rounds = args.number(1, 200);
        Semaphore permits = new Semaphore((int) Math.max(1, args.number(2, 2)));
        new NamedThreads("SemaphorePermits").runAll(threads, t -> {
            for (long i = 0; i < rounds; i++) {
                permits.acquire();
                try {
                    Thread.sleep(1);
                } finally {
                    permits.release();
                }
            }
        });
        System.out.println("SemaphorePermits: " + threads + " threads, " + rounds + " rounds each");
    }
}
