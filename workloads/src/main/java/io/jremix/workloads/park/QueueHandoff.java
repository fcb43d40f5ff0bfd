package io.jremix.workloads.park;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Producers and one consumer hand items through a small {@link ArrayBlockingQueue} with the untimed
 * {@code put} and {@code take}: a full queue parks producers on its {@code notFull} condition, an empty one the
 * consumer on {@code notEmpty}, both through {@code LockSupport.park()} after {@code setCurrentBlocker}.
 *
 * <p>Expected finding: parks on {@code AbstractQueuedSynchronizer$ConditionObject} (the queue's conditions) and
 * on its lock's {@code ReentrantLock$NonfairSync}, all by threads named {@code QueueHandoff-<n>}, as often as
 * JFR's {@code jdk.ThreadPark} events of those threads say.
 *
 * <p>Usage: {@code QueueHandoff [items=2000] [producers=2]}.
 */
public final class QueueHandoff {
    private QueueHandoff() {
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "QueueHandoff [items=2000] [producers=2]");
        long items = args.number(0, 2000);
        int producers = (int) Math.max(1, args.number(1, 2));
        BlockingQueue<Long> queue = new ArrayBlockingQueue<>(2);
        long[] sum = new long[1];
        new NamedThreads("QueueHandoff").runAll(producers + 1, t -> {
            if (t == producers) {
                for (long i = 0; i < items / producers * producers; i++) {
                    sum[0] += queue.take();
                }
            } else {
                for (long i = 0; i < items / producers; i++) {
                    queue.put(i);
                }
            }
        });
        System.out.println("QueueHandoff: " + producers + " producers, sum " + sum[0]);
    }
}
