package io.jremix.workloads.park;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The J9 thesis, Listing 5.1, the JUC version: every thread takes three {@link ReentrantLock}s in turn, equally often,
 * and sleeps inside each for S1, S2 and S3 ms (4, 16 and 64 by default).
 *
 * <p>Expected finding: lock 3 (first parked on in {@link #section3}) is the bottleneck: the highest thread-time
 * utilisation, real-time utilisation near 100%, and an average hold time close to S3. Its peak parked is N−1 and
 * at most N: a thread leaving lock 3 needs S1 + S2 = 20 ms to come back, less than the S3 it waits for the next
 * holder, so once every thread has reached lock 3, all but the holder are parked on it before each hand-over
 * (N only in the instant a woken thread has not yet left the count while another parks).
 *
 * <p>Usage: {@code LargeCriticalSection [threads=8] [millis=2000] [s1=4] [s2=16] [s3=64]}; prints {@code running}
 * when the threads start and a result line at the end; the millis count from when every thread has started, and a
 * {@code stop} line on stdin ends the run early.
 */
public final class LargeCriticalSection {
    private final ReentrantLock l1 = new ReentrantLock();
    private final ReentrantLock l2 = new ReentrantLock();
    private final ReentrantLock l3 = new ReentrantLock();
    private final long s1;
    private final long s2;
    private final long s3;
    private long counter1;
    private long counter2;
    private long counter3;
    /**
     * When the run ends; 0 until every worker has started, so a slow start (a busy machine) does not eat the run.
     * Not {@link StartGate}, whose monitor waits are there for a profiler to see: this program contends on its
     * locks alone.
     */
    private volatile long deadline;

    private LargeCriticalSection(long s1, long s2, long s3) {
        this.s1 = s1;
        this.s2 = s2;
        this.s3 = s3;
    }

    public static void main(String[] a) throws InterruptedException {
        Args args = new Args(a, "LargeCriticalSection [threads=8] [millis=2000] [s1=4] [s2=16] [s3=64]");
        int threads = (int) args.number(0, 8);
        long millis = args.number(1, 2000);
        LargeCriticalSection w = new LargeCriticalSection(args.number(2, 4), args.number(3, 16), args.number(4, 64));
        StopSignal stop = StopSignal.onStdin();
        long[] local = new long[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers.add(new Thread(() -> local[id] = w.work(stop), "worker-" + t));
        }
        workers.forEach(Thread::start);
        w.deadline = System.nanoTime() + millis * 1_000_000;
        System.out.println("running");
        for (Thread t : workers) {
            t.join();
        }
        long locals = 0;
        for (long l : local) {
            locals += l;
        }
        System.out.println("LargeCriticalSection: " + threads + " threads, counters " + w.counter1 + " " + w.counter2
                + " " + w.counter3 + ", local " + locals);
    }

    /**
     * One thread's loop, at least one round of the three sections (so the threads meet on the locks however short
     * the run); returns its local counter.
     */
    private long work(StopSignal stop) {
        while (deadline == 0) {
            Thread.yield();
        }
        long local = 0;
        try {
            do {
                section1();
                local++;
                section2();
                local++;
                section3();
                local++;
            } while (System.nanoTime() - deadline < 0 && !stop.requested());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return local;
    }

    private void section1() throws InterruptedException {
        l1.lock();
        try {
            counter1++;
            Thread.sleep(s1);
        } finally {
            l1.unlock();
        }
    }

    private void section2() throws InterruptedException {
        l2.lock();
        try {
            counter2++;
            Thread.sleep(s2);
        } finally {
            l2.unlock();
        }
    }

    private void section3() throws InterruptedException {
        l3.lock();
        try {
            counter3++;
            Thread.sleep(s3);
        } finally {
            l3.unlock();
        }
    }
}
