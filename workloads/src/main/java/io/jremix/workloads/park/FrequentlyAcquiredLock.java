package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The J9 thesis, Listing 5.2, the JUC version: two {@link ReentrantLock}s with critical sections of equal length (32 ms
 * in the thesis); each time, a thread picks lock 1 with probability p = 0.75, else lock 2.
 *
 * <p>Expected finding: lock 1 (first parked on in {@link #section1}) is the bottleneck: it has the higher
 * thread-time utilisation and times parked, while both locks have an average hold time near the section length.
 * The choice is pseudo-random with a fixed seed per thread, so runs are alike.
 *
 * <p>Usage: {@code FrequentlyAcquiredLock [threads=8] [millis=2000] [sectionMillis=32] [p=0.75]}; a {@code stop}
 * line on stdin ends the run early.
 */
public final class FrequentlyAcquiredLock {
    private final ReentrantLock l1 = new ReentrantLock();
    private final ReentrantLock l2 = new ReentrantLock();
    private final long section;
    private final double p;
    private long counter1;
    private long counter2;

    private FrequentlyAcquiredLock(long section, double p) {
        this.section = section;
        this.p = p;
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "FrequentlyAcquiredLock [threads=8] [millis=2000] [sectionMillis=32] [p=0.75]");
        int threads = (int) args.number(0, 8);
        long millis = args.number(1, 2000);
        FrequentlyAcquiredLock w = new FrequentlyAcquiredLock(args.number(2, 32), args.fraction(3, 0.75));
        StopSignal stop = StopSignal.onStdin();
        long deadline = System.nanoTime() + millis * 1_000_000;
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SplittableRandom random = new SplittableRandom(t);
            workers.add(new Thread(() -> w.work(deadline, stop, random), "worker-" + t));
        }
        workers.forEach(Thread::start);
        System.out.println("running");
        for (Thread t : workers) {
            t.join();
        }
        System.out.println("FrequentlyAcquiredLock: " + threads + " threads, counters " + w.counter1 + " " + w.counter2);
    }

    private void work(long deadline, StopSignal stop, SplittableRandom random) {
        try {
            while (System.nanoTime() < deadline && !stop.requested()) {
                if (random.nextDouble() < p) {
                    section1();
                } else {
                    section2();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void section1() throws InterruptedException {
        l1.lock();
        try {
            counter1++;
            Thread.sleep(section);
        } finally {
            l1.unlock();
        }
    }

    private void section2() throws InterruptedException {
        l2.lock();
        try {
            counter2++;
            Thread.sleep(section);
        } finally {
            l2.unlock();
        }
    }
}
