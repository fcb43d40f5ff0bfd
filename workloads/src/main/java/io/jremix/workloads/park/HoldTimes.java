package io.jremix.workloads.park;

import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Threads that take one lock, sleep {@code holdMs} inside it and take it again at once, measuring how long they
 * held it: the program's own figure to check the park report's hold-time estimate against. Three locks:
 * <ul>
 *   <li>{@code lock}: a {@code ReentrantLock} (non-fair: the releasing thread usually gets it back at once, while
 *   the thread it woke parks again);</li>
 *   <li>{@code semaphore}: a {@code Semaphore} with {@code permits} permits, so that several threads hold it at
 *   once;</li>
 *   <li>{@code monitor}: {@code synchronized}, where the releaser re-entering at once is never seen by JFR, only
 *   the enters that blocked.</li>
 * </ul>
 * The hold is measured from acquiring (the return of {@code lock()}, {@code acquire()} or the monitor enter) to
 * just before releasing. Prints {@code HoldTimes <kind> holds=<n> meanHoldMs=<ms>}.
 *
 * <p>Usage: {@code HoldTimes lock|semaphore|monitor [threads=4] [holdMs=10] [millis=2000] [permits=3]}.
 */
public final class HoldTimes {
    private static final String USAGE = "HoldTimes lock|semaphore|monitor [threads=4] [holdMs=10] [millis=2000]"
            + " [permits=3]";

    private final LongAdder holds = new LongAdder();
    private final LongAdder heldNanos = new LongAdder();
    private final long holdMillis;

    private HoldTimes(long holdMillis) {
        this.holdMillis = holdMillis;
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 0) {
            System.err.println("usage: " + USAGE);
            System.exit(2);
        }
        String kind = args[0];
        Args a = new Args(java.util.Arrays.copyOfRange(args, 1, args.length), USAGE);
        int threads = (int) a.number(0, 4);
        HoldTimes w = new HoldTimes(a.number(1, 10));
        long millis = a.number(2, 2000);
        int permits = (int) a.number(3, 3);
        Runnable step = switch (kind) {
            case "lock" -> {
                ReentrantLock lock = new ReentrantLock();
                yield w.guardedStep(lock::lock, lock::unlock);
            }
            case "semaphore" -> {
                Semaphore semaphore = new Semaphore(permits);
                yield w.guardedStep(semaphore::acquireUninterruptibly, semaphore::release);
            }
            case "monitor" -> w.monitorStep(new Object());
            default -> {
                System.err.println("usage: " + USAGE);
                System.exit(2);
                yield null;
            }
        };
        // the clock starts once every thread is waiting at the gate: a slow start cannot leave one thread alone
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        long[] deadline = new long[1];
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                ready.countDown();
                awaitUninterruptibly(go);
                while (System.nanoTime() - deadline[0] < 0) {
                    step.run();
                }
            }, "holder-" + i);
            workers[i].start();
        }
        ready.await();
        deadline[0] = System.nanoTime() + millis * 1_000_000;
        go.countDown();
        for (Thread t : workers) {
            t.join();
        }
        System.out.println(String.format(Locale.ROOT, "HoldTimes %s holds=%d meanHoldMs=%.3f", kind, w.holds.sum(),
                w.heldNanos.sum() / 1e6 / Math.max(1, w.holds.sum())));
    }

    private Runnable guardedStep(Runnable acquire, Runnable release) {
        return () -> {
            acquire.run();
            try {
                hold();
            } finally {
                release.run();
            }
        };
    }

    private Runnable monitorStep(Object monitor) {
        return () -> {
            synchronized (monitor) {
                hold();
            }
        };
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException("interrupted at the start", e);
        }
    }

    /** The critical section: a sleep, timed from inside. */
    private void hold() {
        long start = System.nanoTime();
        try {
            Thread.sleep(holdMillis);
        } catch (InterruptedException e) {
            throw new IllegalStateException("interrupted while holding", e);
        }
        heldNanos.add(System.nanoTime() - start);
        holds.increment();
    }
}
