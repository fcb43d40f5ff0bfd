package io.jremix.cli.command.signal;

/**
 * When each signal should be sent: signal {@code k} (from 1) at {@code start + k * interval}. Both threads of a pair
 * know it, so the waiter can time a signal from its intended send time without being told.
 */
record Schedule(long startNanos, long intervalNanos) {

    static Schedule perSecond(long startNanos, int rate) {
        return new Schedule(startNanos, 1_000_000_000L / rate);
    }

    long intendedAt(long k) {
        return startNanos + k * intervalNanos;
    }
}
