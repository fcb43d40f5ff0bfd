package io.jremix.workloads.park;

import java.util.concurrent.ThreadLocalRandom;

import io.jremix.workloads.cache.Workload;

/**
 * The J9 thesis, 5.3, with intrinsic locks: two monitors whose critical sections sleep equally long, the first entered
 * with probability {@value #P}, the second otherwise. Expected: the first monitor is the bottleneck: more blocked
 * enters, more blocked thread-time and a higher peak of blocked threads; both have about the same average hold
 * time, the sleep.
 *
 * <p>Each monitor is entered from its own method ({@code frequent}, {@code rare}), so a report tells the two
 * {@code Object}s apart by stack.
 *
 * <p>Args: {@code [threads=4] [millis=3000] [sleepMillis=8]} (run time after all threads started; the paper slept
 * 32 ms with 64 threads). Prints {@code FrequentlyAcquired Time <nanos>ns result=<increments>}: both monitors'
 * counters plus the threads' local counters.
 */
public final class FrequentlyAcquired {
    public static final double P = 0.75;

    private final Object lock1 = new Object();
    private final Object lock2 = new Object();
    private final long sleepMillis;
    private long counter1;
    private long counter2;

    private FrequentlyAcquired(long sleepMillis) {
        this.sleepMillis = sleepMillis;
    }

    private void frequent() {
        synchronized (lock1) {
            counter1++;
            TimedRun.hold(sleepMillis);
        }
    }

    private void rare() {
        synchronized (lock2) {
            counter2++;
            TimedRun.hold(sleepMillis);
        }
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "FrequentlyAcquired [threads] [millis] [sleepMillis]", 3);
        int threads = a.intArg(0, "threads", 4, 1, 1024);
        long millis = a.longArg(1, "millis", 3000, 1);
        FrequentlyAcquired w = new FrequentlyAcquired(a.longArg(2, "sleepMillis", 8, 0));
        TimedRun.Result r = TimedRun.run(threads, millis, () -> {
            if (ThreadLocalRandom.current().nextDouble() < P) {
                w.frequent();
            } else {
                w.rare();
            }
        });
        // the workers have been joined: their writes are visible
        long counters = w.counter1 + w.counter2;
        Workload.checkEquals("counter1 + counter2", r.steps(), counters);
        Workload.report(FrequentlyAcquired.class, r.nanos(), counters + r.steps());
    }
}
