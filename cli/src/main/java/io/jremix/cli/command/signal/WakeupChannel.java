package io.jremix.cli.command.signal;

/**
 * One way for a signaller to tell a waiter that something happened. Signals carry a sequence number that only
 * grows, so a waiter that wakes late sees every signal it missed as a range, and none is lost: no acknowledgement
 * is needed between signals, which keeps the signaller on its schedule whatever the waiter does.
 */
interface WakeupChannel {

    /** Called by the waiter thread before the first signal, for mechanisms that must know whom to wake. */
    default void waiterReady() {
    }

    /** Publishes {@code seq} and wakes the waiter: the call whose cost is measured. */
    void signal(long seq);

    /** Blocks until a sequence number greater than {@code seen} is published, and returns the newest. */
    long await(long seen) throws InterruptedException;
}
