package io.jremix.agent.cache;

import java.util.concurrent.locks.LockSupport;

import io.jremix.agent.options.AgentOptions;
import io.jremix.probe.CacheProbe;
import io.jremix.probe.EventBuffer;

/**
 * Times the probes' tracing bursts while a detection window is open: every thread traces for a short burst, all at
 * once, and not at all in between. Keeps the time traced against the time open, measured rather than assumed (a
 * busy machine wakes this thread late), so that sampled misses scale to misses per second of the whole window.
 */
final class TraceBursts implements Runnable {
    private final AgentOptions.Bursts bursts;
    private Thread thread;
    private long openNanos;
    private long tracedNanos;

    TraceBursts(AgentOptions.Bursts bursts) {
        this.bursts = bursts;
    }

    /** Starts bursts now, the first at once. */
    synchronized void start() {
        thread = new Thread(this, "jremix-trace-bursts");
        thread.setDaemon(true);
        EventBuffer.ignore(thread);
        thread.start();
    }

    /** Ends the burst under way, if any, and starts no other. */
    synchronized void stop() {
        if (thread != null) {
            thread.interrupt();
            thread = null;
            CacheProbe.tracing(false);
        }
    }

    @Override
    public void run() {
        Thread self = Thread.currentThread();
        long periodStart = System.nanoTime();
        while (flip(self, true, 0)) {
            LockSupport.parkNanos(bursts.nanos());
            long burstEnd = System.nanoTime();
            if (!flip(self, false, burstEnd - periodStart)) {
                return;
            }
            LockSupport.parkNanos(periodStart + bursts.everyNanos() - burstEnd);
            long now = System.nanoTime();
            account(now - periodStart);
            periodStart = now;
        }
    }

    /** Turns tracing on or off, and counts a burst that ended, unless {@link #stop} was called since. */
    private synchronized boolean flip(Thread self, boolean on, long burstNanos) {
        if (thread != self) {
            return false;
        }
        CacheProbe.tracing(on);
        tracedNanos += burstNanos;
        return true;
    }

    private synchronized void account(long periodNanos) {
        openNanos += periodNanos;
    }

    /**
     * How many accesses each one that bursts trace stands for, in time: open time over traced time, over the bursts
     * so far (the configured ratio before the first burst ends).
     */
    synchronized double scale() {
        if (openNanos == 0 || tracedNanos == 0) {
            return Math.max(1.0, (double) bursts.everyNanos() / bursts.nanos());
        }
        return Math.max(1.0, (double) openNanos / tracedNanos);
    }
}
