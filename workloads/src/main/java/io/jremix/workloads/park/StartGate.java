package io.jremix.workloads.park;

/**
 * Lets a fixed number of threads start together, built on {@code Object.wait}/{@code notifyAll} as code written
 * before {@code java.util.concurrent} would be: each thread but the last to arrive waits on the gate's monitor at
 * least once, which gives a profiler monitor waits, on a monitor of this class, besides the blocked enters of the
 * critical sections.
 */
final class StartGate {
    private final int parties;
    private int arrived;
    private long openedAt;

    StartGate(int parties) {
        this.parties = parties;
    }

    /** Waits until all parties have arrived; returns the {@link System#nanoTime()} at which the last one did. */
    synchronized long await() {
        if (++arrived == parties) {
            openedAt = System.nanoTime();
            notifyAll();
        }
        boolean interrupted = false;
        while (arrived < parties) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return openedAt;
    }
}
