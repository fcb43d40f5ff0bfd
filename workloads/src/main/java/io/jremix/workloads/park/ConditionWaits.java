package io.jremix.workloads.park;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Two threads take turns through one {@link Condition} of a {@link ReentrantLock}: each waits until it is its
 * turn, passes the turn and signals. {@code untimed} waits with {@code await()}, which parks through
 * {@code LockSupport.park()} with the condition set as the thread's blocker beforehand; {@code timed} waits with
 * {@code awaitNanos} (a {@code parkNanos} on the condition), and then thread 0 also waits {@code rounds / 10}
 * times for 100 µs on a condition that nobody signals, so some timed parks end by their timeout.
 *
 * <p>Expected finding: the parks are on {@code AbstractQueuedSynchronizer$ConditionObject} (and, when a woken
 * thread finds the lock taken, on the lock's {@code ReentrantLock$NonfairSync}), all by threads named
 * {@code ConditionWaits-<n>}; JFR's {@code jdk.ThreadPark} events of those threads show the same classes as often.
 *
 * <p>Usage: {@code ConditionWaits untimed|timed [rounds=500]}.
 */
public final class ConditionWaits {
    private static final long TIMED_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long EXPIRING_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition turnPassed = lock.newCondition();
    private final Condition neverSignalled = lock.newCondition();
    private final boolean timed;
    private int turn;

    private ConditionWaits(boolean timed) {
        this.timed = timed;
    }

    public static void main(String[] a) throws InterruptedException {
        String usage = "ConditionWaits untimed|timed [rounds=500]";
        if (a.length == 0 || !(a[0].equals("untimed") || a[0].equals("timed"))) {
            System.err.println("usage: " + usage);
            System.exit(2);
        }
        long rounds = new Args(java.util.Arrays.copyOfRange(a, 1, a.length), usage).number(0, 500);
        ConditionWaits w = new ConditionWaits(a[0].equals("timed"));
        new NamedThreads("ConditionWaits").runAll(2, me -> w.play(me, rounds));
        System.out.println("ConditionWaits " + a[0] + ": " + rounds + " rounds each, turn " + w.turn);
    }

    private void play(int me, long rounds) throws InterruptedException {
        for (long i = 0; i < rounds; i++) {
            lock.lock();
            try {
                while (turn != me) {
                    if (timed) {
                        turnPassed.awaitNanos(TIMED_WAIT_NANOS);
                    } else {
                        turnPassed.await();
                    }
                }
                turn = 1 - me;
                turnPassed.signal();
            } finally {
                lock.unlock();
            }
        }
        if (timed && me == 0) {
            waitForNothing(rounds / 10);
        }
    }

    /** Timed waits that end by their timeout. */
    private void waitForNothing(long times) throws InterruptedException {
        lock.lock();
        try {
            for (long i = 0; i < times; i++) {
                neverSignalled.awaitNanos(EXPIRING_WAIT_NANOS);
            }
        } finally {
            lock.unlock();
        }
    }
}
