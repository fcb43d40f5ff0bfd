package io.jremix.agent.cache;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

import io.jremix.agent.cache.CacheOptions;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.EventBuffer;

/**
 * Times the probes' tracing while a detection window is open: all the time ({@code REMIXBurst=0}), or in short
 * bursts, every thread at once, at random spacing ({@link CacheOptions.Bursts#spacing}), and not at all in between.
 * A burst is started here and ended by the probes themselves at its deadline ({@link CacheProbe#traceUntil}). Keeps
 * the time traced against the time open, measured rather than assumed (a busy machine wakes this thread late, which
 * spaces the bursts out), so that sampled misses scale to misses per second of the whole window.
 */
final class TraceBursts implements Runnable {
    private final CacheOptions.Bursts bursts;
    private Thread thread;
    private long openNanos;
    private long tracedNanos;

    TraceBursts(CacheOptions.Bursts bursts) {
        this.bursts = bursts;
    }

    /** Starts tracing now: for good without bursts, else the first burst at once. */
    synchronized void start() {
        if (!bursts.on()) {
            CacheProbe.tracing(true);
            return;
        }
        thread = new Thread(this, "jremix-trace-bursts");
        thread.setDaemon(true);
        EventBuffer.ignore(thread);
        thread.start();
    }

    /** Ends tracing, and starts no other burst. */
    synchronized void stop() {
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
        CacheProbe.tracing(false);
    }

    @Override
    public void run() {
        Thread self = Thread.currentThread();
        SplittableRandom random = new SplittableRandom();
        long periodStart = System.nanoTime();
        while (begin(self, periodStart + bursts.nanos())) {
            LockSupport.parkNanos(periodStart + bursts.spacing(random) - System.nanoTime());
            long now = System.nanoTime();
            account(now - periodStart);
            periodStart = now;
        }
    }

    /**
     * Starts a burst that the probes end at {@code endNanos}, and counts it as traced in full (the probes end it on
     * time if any thread is tracing; if none is, nothing was missed), unless {@link #stop} was called since.
     */
    private synchronized boolean begin(Thread self, long endNanos) {
        if (thread != self) {
            return false;
        }
        CacheProbe.traceUntil(endNanos);
        tracedNanos += bursts.nanos();
        return true;
    }

    private synchronized void account(long periodNanos) {
        openNanos += periodNanos;
    }

    /**
     * How many accesses each one that bursts trace stands for, in time: open time over traced time, over the bursts
     * so far (the configured ratio before the first burst ends); 1 without bursts.
     */
    synchronized double scale() {
        if (!bursts.on()) {
            return 1.0;
        }
        if (openNanos == 0 || tracedNanos == 0) {
            return Math.max(1.0, (double) bursts.everyNanos() / bursts.nanos());
        }
        return Math.max(1.0, (double) openNanos / tracedNanos);
    }
}
