package io.jremix.scheduler;

import java.util.concurrent.locks.LockSupport;

/**
 * How a thread waits for the stream to move: a short spin, then yields, then parks of {@value #PARK_NANOS} ns.
 * Nobody wakes a waiting thread: the thread that drains the stream never signals, so it never pays for a system call
 * on behalf of a waiter (the cost of signalling is why the blog avoids a consumer thread in the first place).
 */
final class Backoff {
    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    static final long PARK_NANOS = 50_000;

    private Backoff() {
    }

    /** Waits once; {@code round} counts the calls made for the same wait, from 0. */
    static void pause(int round) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (round < SPINS) {
            Thread.onSpinWait();
        } else if (round < SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
    }
}
