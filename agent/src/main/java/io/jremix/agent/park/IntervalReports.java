package io.jremix.agent.park;

import io.jremix.probe.OwnThreads;

/**
 * Runs a report every interval while the program runs ({@code -XXgetparkcontention:interval=}), on a daemon thread
 * of its own, so that a service is read without exiting. The thread sleeps rather than parks: it never shows in
 * the park table it reports.
 */
final class IntervalReports implements Runnable {
    private final long nanos;
    private final Runnable report;
    private final Thread thread;

    private IntervalReports(long nanos, Runnable report) {
        this.nanos = nanos;
        this.report = report;
        this.thread = new Thread(this, "jremix-park-interval");
        thread.setDaemon(true);
        OwnThreads.add(thread);
    }

    /** Starts reporting every {@code nanos}; {@code null} when {@code nanos} is 0 (no interval asked). */
    static IntervalReports start(long nanos, Runnable report) {
        if (nanos <= 0) {
            return null;
        }
        IntervalReports r = new IntervalReports(nanos, report);
        r.thread.start();
        return r;
    }

    @Override
    public void run() {
        try {
            while (true) {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
                report.run();
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    /** Stops the reports and waits for one under way, so that none comes after the caller's last report. */
    void stop() {
        thread.interrupt();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
