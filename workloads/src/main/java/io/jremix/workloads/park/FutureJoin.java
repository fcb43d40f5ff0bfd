package io.jremix.workloads.park;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One thread runs {@code rounds} {@link CompletableFuture}s on a two-thread pool (each sleeps 1 ms) and
 * {@code join}s each: the joining thread parks with the future's {@code Signaller} as its blocker
 * ({@code setCurrentBlocker}, then {@code LockSupport.park()}). The pool is shut down before the end.
 *
 * <p>Expected finding: parks on {@code CompletableFuture$Signaller} (the joins) and on
 * {@code AbstractQueuedSynchronizer$ConditionObject} (idle pool threads), all by threads named
 * {@code FutureJoin-<n>}, as often as JFR's {@code jdk.ThreadPark} events of those threads say.
 *
 * <p>Usage: {@code FutureJoin [rounds=300]}.
 */
public final class FutureJoin {
    private FutureJoin() {
    }

    public static void main(String[] a) throws InterruptedException {
        long rounds = new Args(a, "FutureJoin [rounds=300]").number(0, 300);
        NamedThreads threads = new NamedThreads("FutureJoin");
        ExecutorService pool = Executors.newFixedThreadPool(2, threads);
        long[] total = new long[1];
        threads.runAll(1, t -> {
            for (long r = 0; r < rounds; r++) {
                long value = r;
                total[0] += CompletableFuture.supplyAsync(() -> {
                    sleep();
                    return value;
                }, pool).join();
            }
            pool.shutdown();
            if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the pool did not terminate");
            }
        });
        System.out.println("FutureJoin: " + rounds + " rounds, total " + total[0]);
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
