package io.jremix.agent.park;

/**
 * How many stack walks one thread may spend on new blockers' first parks: a token bucket over the thread's time,
 * full at start with {@link #BURST} walks and refilled with one walk per {@link #REFILL_NANOS} up to that again. A
 * server that waits on a new future per request walked the stack on every one (two thirds of jremix's cost there);
 * with the budget a thread walks its first {@value #BURST} new blockers and then about
 * {@value #WALKS_PER_SECOND} a second, whatever its request rate. The rate is per thread, and a server has many:
 * Tomcat's 60 request threads at 10 a second spent 2.5% of the server's CPU walking (a walk through its frames
 * takes tens of microseconds), at one a second they sample 60 sites a second between them. Not thread-safe: one
 * per thread.
 */
final class WalkBudget {
    static final int BURST = 256;
    static final int WALKS_PER_SECOND = 1;
    static final long REFILL_NANOS = 1_000_000_000L / WALKS_PER_SECOND;
    private static final long FULL = BURST * REFILL_NANOS;

    /** Walks left, in nanoseconds of refill time: a walk spends {@link #REFILL_NANOS}. */
    private long credit = FULL;
    private long lastNanos;
    private boolean started;

    /** Whether a walk at {@code nowNanos} ({@link System#nanoTime()}) fits the budget; if so, it is spent. */
    boolean take(long nowNanos) {
        if (started) {
            credit = Math.min(FULL, credit + Math.max(0, nowNanos - lastNanos));
        }
        started = true;
        lastNanos = nowNanos;
        if (credit < REFILL_NANOS) {
            return false;
        }
        credit -= REFILL_NANOS;
        return true;
    }
}
