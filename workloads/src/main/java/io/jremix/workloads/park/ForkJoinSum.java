package io.jremix.workloads.park;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

/**
 * A private {@link ForkJoinPool} sums an array by recursive fork/join, {@code rounds} times, submitted from one
 * thread; between rounds the workers run out of work and park idle, and a thread joining a task that another
 * worker runs may park on it. Idle workers park with the pool set as their blocker: through
 * {@code LockSupport.park()} on JDK 17, through {@code Unsafe.park} directly on JDK 25.
 *
 * <p>Expected finding: parks on {@code java.util.concurrent.ForkJoinPool} (idle workers) and on the submitted
 * tasks or their join waits, all by threads named {@code ForkJoinSum-<n>}, as often as JFR's
 * {@code jdk.ThreadPark} events of those threads say; the pool is shut down before the end, so nobody is left
 * parked.
 *
 * <p>Usage: {@code ForkJoinSum [rounds=100] [size=200000] [parallelism=4]}.
 */
public final class ForkJoinSum {
    private static final int LEAF = 5_000;

    private ForkJoinSum() {
    }

    /** The sum of {@code values[from, to)}. */
    private static final class Sum extends RecursiveTask<Long> {
        private final long[] values;
        private final int from;
        private final int to;

        Sum(long[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= LEAF) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += values[i];
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(values, from, mid);
            left.fork();
            return new Sum(values, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "ForkJoinSum [rounds=100] [size=200000] [parallelism=4]");
        long rounds = args.number(0, 100);
        long[] values = new long[(int) args.number(1, 200_000)];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        NamedThreads threads = new NamedThreads("ForkJoinSum");
        ForkJoinPool pool = new ForkJoinPool((int) args.number(2, 4), threads.forkJoin(), null, false);
        long[] total = new long[1];
        threads.runAll(1, t -> {
            for (long r = 0; r < rounds; r++) {
                total[0] += pool.invoke(new Sum(values, 0, values.length));
            }
            pool.shutdown();
            if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the pool did not terminate");
            }
        });
        System.out.println("ForkJoinSum: " + rounds + " rounds, total " + total[0]);
    }
}
