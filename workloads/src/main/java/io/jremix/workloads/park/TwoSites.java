package io.jremix.workloads.park;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock taken for two callers: {@code producers} threads in {@code produce} and one thread in {@code consume},
 * both through one helper that takes it, each holding it {@code holdMs} ms (a sleep) and taking it again at once, for {@code millis} ms. Expected: the
 * park report has one blocker with two call sites, {@code produce} and {@code consume}, whose parks add up to
 * the blocker's; the producers park more, being more. Prints {@code TwoSites produce=<n> consume=<n>}, the
 * acquisitions at each.
 *
 * <p>Usage: {@code TwoSites [producers=2] [holdMs=2] [millis=1500]}.
 */
public final class TwoSites {
    private final ReentrantLock lock = new ReentrantLock();
    private final long holdMillis;

    private TwoSites(long holdMillis) {
        this.holdMillis = holdMillis;
    }

    public static void main(String[] args) throws InterruptedException {
        Args a = new Args(args, "TwoSites [producers=2] [holdMs=2] [millis=1500]");
        int producers = (int) a.number(0, 2);
        TwoSites w = new TwoSites(a.number(1, 2));
        long deadline = System.nanoTime() + a.number(2, 1500) * 1_000_000;
        long[] produced = new long[producers];
        long[] consumed = new long[1];
        Thread[] threads = new Thread[producers + 1];
        for (int i = 0; i < producers; i++) {
            int me = i;
            threads[i] = new Thread(() -> {
                while (System.nanoTime() - deadline < 0) {
                    w.produce();
                    produced[me]++;
                }
            }, "producer-" + i);
        }
        threads[producers] = new Thread(() -> {
            while (System.nanoTime() - deadline < 0) {
                w.consume();
                consumed[0]++;
            }
        }, "consumer");
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("TwoSites produce=" + Arrays.stream(produced).sum() + " consume=" + consumed[0]);
    }

    private void produce() {
        holdLocked();
    }

    private void consume() {
        holdLocked();
    }

    /** Both places take the lock here, as a program's helper would: the sites differ by its caller. */
    private void holdLocked() {
        lock.lock();
        try {
            Thread.sleep(holdMillis);
        } catch (InterruptedException e) {
            throw new IllegalStateException("interrupted while holding", e);
        } finally {
            lock.unlock();
        }
    }
}
