package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One thread submits batches of 8 short tasks (each sleeps 1 ms) to a fixed thread pool and waits for each
 * result with {@code Future.get()}; between batches the pool's threads wait for work in the pool's
 * {@code LinkedBlockingQueue}. The pool is shut down before the end.
 *
 * <p>Expected finding: parks on {@code FutureTask} (the submitter's {@code get}), on
 * {@code AbstractQueuedSynchronizer$ConditionObject} (idle pool threads in {@code take}) and possibly on the
 * queue's {@code ReentrantLock$NonfairSync}, all by threads named {@code ExecutorTasks-<n>}, as often as JFR's
 * {@code jdk.ThreadPark} events of those threads say.
 *
 * <p>Usage: {@code ExecutorTasks [batches=60] [threads=2]}.
 */
public final class ExecutorTasks {
    private static final int BATCH = 8;

    private ExecutorTasks() {
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "ExecutorTasks [batches=60] [threads=2]");
        long batches = args.number(0, 60);
        NamedThreads threads = new NamedThreads("ExecutorTasks");
        ExecutorService pool = Executors.newFixedThreadPool((int) Math.max(1, args.number(1, 2)), threads);
        long[] total = new long[1];
        threads.runAll(1, t -> {
            for (long b = 0; b < batches; b++) {
                List<Future<Integer>> results = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    int value = i;
                    results.add(pool.submit(() -> {
                        Thread.sleep(1);
                        return value;
                    }));
                }
                for (Future<Integer> f : results) {
                    total[0] += f.get();
                }
            }
            pool.shutdown();
            if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the pool did not terminate");
            }
        });
        System.out.println("ExecutorTasks: " + batches + " batches, total " + total[0]);
    }
}
