package io.jremix.workloads.park;

import io.jremix.workloads.cache.Workload;

/**
 * The J9 thesis, 5.2, with intrinsic locks: three monitors entered equally often, whose critical sections sleep
 * {@value #S1}, {@value #S2} and {@value #S3} ms. Each step enters the three in turn. Expected: the
 * {@value #S3} ms monitor is the bottleneck: it has the most blocked thread-time, nearly 100% real-time
 * utilisation and an average hold time close to {@value #S3} ms; the others are rarely contended.
 *
 * <p>Each monitor is entered from its own method ({@code small}, {@code medium}, {@code large}), as the paper's
 * listing has three blocks: the three monitors are plain {@code Object}s, so a report tells them apart by the
 * stack of their first blocked enter, as the paper did.
 *
 * <p>Args: {@code [threads=4] [millis=3000]} (run time after all threads started). Prints
 * {@code LargeSynchronizedSection Time <nanos>ns result=<increments>}, the paper's throughput numerator: the three
 * monitors' counters plus the threads' local counters.
 */
public final class LargeSynchronizedSection {
    public static final long S1 = 4;
    public static final long S2 = 16;
    public static final long S3 = 64;

    private final Object lock1 = new Object();
    private final Object lock2 = new Object();
    private final Object lock3 = new Object();
    private long counter1;
    private long counter2;
    private long counter3;

    private LargeSynchronizedSection() {
    }

    private void small() {
        synchronized (lock1) {
            counter1++;
            TimedRun.hold(S1);
        }
    }

    private void medium() {
        synchronized (lock2) {
            counter2++;
            TimedRun.hold(S2);
        }
    }

    private void large() {
        synchronized (lock3) {
            counter3++;
            TimedRun.hold(S3);
        }
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "LargeSynchronizedSection [threads] [millis]", 2);
        int threads = a.intArg(0, "threads", 4, 1, 1024);
        long millis = a.longArg(1, "millis", 3000, 1);
        LargeSynchronizedSection w = new LargeSynchronizedSection();
        TimedRun.Result r = TimedRun.run(threads, millis, () -> {
            w.small();
            w.medium();
            w.large();
        });
        // the workers have been joined: their writes are visible
        Workload.checkEquals("counter1", r.steps(), w.counter1);
        Workload.checkEquals("counter2", r.steps(), w.counter2);
        Workload.checkEquals("counter3", r.steps(), w.counter3);
        Workload.report(LargeSynchronizedSection.class, r.nanos(), w.counter1 + w.counter2 + w.counter3 + 3 * r.steps());
    }
}
