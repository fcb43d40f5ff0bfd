package io.jremix.agent.cache.window;

import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

import io.jremix.agent.feature.AgentLog;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.OwnThreads;
import io.jremix.probe.cache.RecorderWarmUp;
import io.jremix.agent.cache.CacheOptions;

/**
 * Times the probes' tracing while a detection window is open, from a thread of its own, which first warms the
 * recording path up, once a run ({@link RecorderWarmUp}, about 0.1 s): with {@code REMIXBurst}, in short bursts, every
 * thread at once, at random spacing ({@link CacheOptions.Bursts#spacing}), and not at all in between; without, the
 * window's probes trace all the time it is open and this thread only warms up. A burst is started here and ended by
 * the probes themselves at its deadline ({@link CacheProbe#traceUntil}). Keeps the time traced against the time open,
 * measured rather than assumed (a busy machine wakes this thread late, which spaces the bursts out), so that sampled
 * misses scale to misses per second of the whole window. The thread asks for a short time slice ({@link
 * ShortTimeSlice}): without one it wakes late precisely while the program's threads are busiest, and the bursts miss
 * what they do then.
 */
final class TraceBursts implements Runnable {
    /** Whether a thread of this JVM has warmed the recording path up. */
    private static boolean warmedUp;
    private final CacheOptions.Bursts bursts;
    private final AgentLog log;
    /** Whether the first burst thread has said how its time slice went: the next ones fare the same. */
    private boolean sliceTold;
    private Thread thread;
    private long openNanos;
    private long tracedNanos;
    /** The bursts begun in the window open last, and how late the thread woke for them in all and at most. */
    private int begun;
    private long lateNanos;
    private long latestNanos;

    TraceBursts(CacheOptions.Bursts bursts, AgentLog log) {
        this.bursts = bursts;
        this.log = log;
    }

    /**
     * Warms this JVM's recording path up (the first window of a run, for about 0.1 s), then with bursts starts the
     * first.
     */
    synchronized void start() {
        begun = 0;
        lateNanos = 0;
        latestNanos = 0;
        thread = new Thread(this, bursts.on() ? "jremix-trace-bursts" : "jremix-trace-start");
        thread.setDaemon(true);
        OwnThreads.add(thread);
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
        if (bursts.on()) {
            askForShortSlice();
        }
        warmUpOnce();
        if (!bursts.on()) {
            return; // the probes of a window traced throughout do not read the burst flag
        }
        SplittableRandom random = new SplittableRandom();
        long periodStart = System.nanoTime();
        while (begin(self, periodStart + bursts.nanos())) {
            long due = periodStart + bursts.spacing(random);
            LockSupport.parkNanos(due - System.nanoTime());
            long now = System.nanoTime();
            account(now - periodStart, now - due);
            periodStart = now;
        }
    }

    /** Compiles the recording path before tracing first starts in the run ({@link RecorderWarmUp}); the code stays. */
    private void warmUpOnce() {
        synchronized (TraceBursts.class) {
            if (warmedUp) {
                return;
            }
            warmedUp = true;
        }
        long start = System.nanoTime();
        RecorderWarmUp.run();
        log.debug(String.format(Locale.ROOT, "warmed up the recording path in %.0f ms",
                (System.nanoTime() - start) / 1e6));
    }

    private void askForShortSlice() {
        Optional<String> refused = ShortTimeSlice.request();
        synchronized (this) {
            if (sliceTold) {
                return;
            }
            sliceTold = true;
        }
        log.verbose(refused.map(why -> "Tracing bursts may start late while the program's threads hold every core:"
                        + " no short time slice for the thread that starts them (" + why + ").")
                .orElse(String.format(Locale.ROOT, "Tracing bursts start from a thread with a %.1f ms time slice,"
                        + " on time while the program's threads hold every core.", ShortTimeSlice.SLICE_NANOS / 1e6)));
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

    private synchronized void account(long periodNanos, long late) {
        openNanos += periodNanos;
        begun++;
        lateNanos += Math.max(0, late);
        latestNanos = Math.max(latestNanos, late);
    }

    /** How late the bursts of the window open last began, for the verbose log; empty if none did. */
    synchronized Optional<String> lateness() {
        if (begun == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%d bursts began %.2f ms late on average, at most %.2f ms: the"
                + " thread that starts them waits while the program's threads hold every core.", begun,
                lateNanos / 1e6 / begun, latestNanos / 1e6));
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
