package io.jremix.cli.command.signal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * One signaller and one waiter sharing a {@link WakeupChannel}. The signaller sends signal {@code k} at its scheduled
 * time and times the signalling call; the waiter records each signal it sees in a {@link WakeupRecorder}.
 */
final class SignalPair {
    /**
     * The signaller parks until this close to a send time and spins the rest: a park alone overshoots by the
     * kernel's timer slack (50 µs by default), which would make every signal late.
     */
    private static final long SPIN_NANOS = 50_000;

    private final WakeupChannel channel;
    private final Schedule schedule;
    private final long warmupSignals;
    private final long totalSignals;
    private final WakeupRecorder recorder;
    private final Histogram callCost = Histograms.create();
    private final Thread signaller;
    private final Thread waiter;
    private volatile Throwable failure;

    SignalPair(String name, WakeupChannel channel, Schedule schedule, long warmupSignals, long totalSignals, CountDownLatch ready) {
        this.channel = channel;
        this.schedule = schedule;
        this.warmupSignals = warmupSignals;
        this.totalSignals = totalSignals;
        this.recorder = new WakeupRecorder(schedule, warmupSignals + 1);
        this.waiter = thread(name + "-waiter", () -> {
            channel.waiterReady();
            ready.countDown();
            waitAll();
        });
        this.signaller = thread(name + "-signaller", () -> {
            ready.countDown();
            ready.await();
            signalAll();
        });
    }

    private interface Body {
        void run() throws Exception;
    }

    private Thread thread(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure = e;
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    void start() {
        waiter.start();
        signaller.start();
    }

    private void signalAll() {
        for (long k = 1; k <= totalSignals; k++) {
            pace(schedule.intendedAt(k));
            while (k - recorder.seen() >= WakeupRecorder.RING) {
                Thread.yield();
            }
            long start = System.nanoTime();
            recorder.sent(k, start);
            channel.signal(k);
            long end = System.nanoTime();
            if (k > warmupSignals) {
                Histograms.record(callCost, end - start);
            }
        }
    }

    private void waitAll() throws InterruptedException {
        long seen = 0;
        while (seen < totalSignals) {
            long now = channel.await(seen);
            recorder.observed(seen, now, System.nanoTime());
            seen = now;
        }
    }

    /** Returns at {@code deadline}, or at once if it has passed: a late signaller never skips a signal. */
    private static void pace(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > SPIN_NANOS) {
            LockSupport.parkNanos(left - SPIN_NANOS);
        }
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }

    /** Waits for both threads until {@code deadlineNanos}; false if they are still running then. */
    boolean join(long deadlineNanos) throws InterruptedException {
        for (Thread t : new Thread[] {signaller, waiter}) {
            long left = deadlineNanos - System.nanoTime();
            if (left > 0) {
                t.join(Math.max(1, left / 1_000_000));
            }
            if (t.isAlive()) {
                return false;
            }
        }
        return true;
    }

    void interrupt() {
        signaller.interrupt();
        waiter.interrupt();
    }

    Throwable failure() {
        return failure;
    }

    Histogram callCost() {
        return callCost;
    }

    WakeupRecorder recorder() {
        return recorder;
    }
}
