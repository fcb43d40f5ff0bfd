package io.jremix.core.park;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable copy of one {@link ParkRecord} with the derived metrics of the J9 thesis, 3.7.10 to 3.7.15. Derived
 * metrics are computed here rather than kept up to date, as the thesis advises. A metric whose denominator is zero
 * (no parks, no unparks yet, no execution time, a single collected event) is 0: there is nothing to average or
 * compare, and a report must not show NaN or infinity.
 *
 * <p>Averages divide by the parks (or unparks) of the whole life of the blocker, as the thesis's formulas do, while
 * the times cover collected events only; with a collection threshold above one the averages are therefore lower
 * bounds.
 *
 * @param className           binary name of the blocker's class
 * @param identityHash        {@link System#identityHashCode} of the blocker
 * @param threadName          thread of the first collected park, {@code null} while not collecting
 * @param stackTrace          its frames, innermost first; empty while not collecting
 * @param timesParked         parks on the blocker (3.7.5)
 * @param parkedNow           threads parked on it when the snapshot was taken (3.7.6)
 * @param peakParked          most threads parked on it at once while collecting (3.7.7)
 * @param parkThreadTimeNanos thread-time parked on it (3.7.8)
 * @param parkRealTimeNanos   time with at least one thread parked on it (3.7.9)
 * @param firstEventNanos     {@link System#nanoTime()} of the first collected event
 * @param lastEventNanos      {@link System#nanoTime()} of the last collected event
 * @param collecting          whether the collection threshold was reached; if not, every time metric is 0
 * @param holdSamples         single-hold samples ({@link HoldSamples})
 * @param holdNanos           their sum
 * @param sites               the call sites that parked on the blocker, most thread-time first; empty where
 *                            sites are not kept (monitors)
 * @param timeline            the parked count over time while collecting ({@link ParkTimeline})
 */
public record ParkSnapshot(String className, int identityHash, String threadName, List<String> stackTrace,
                           long timesParked, long parkedNow, long peakParked, long parkThreadTimeNanos,
                           long parkRealTimeNanos, long firstEventNanos, long lastEventNanos, boolean collecting,
                           long holdSamples, long holdNanos, List<SiteSnapshot> sites,
                           TimelineSnapshot timeline) {

    public ParkSnapshot {
        stackTrace = List.copyOf(stackTrace);
        sites = List.copyOf(sites);
    }

    /** This snapshot with the hold-time estimate of another estimator ({@link HoldSamples} for monitors). */
    public ParkSnapshot withHold(long samples, long nanos) {
        return new ParkSnapshot(className, identityHash, threadName, stackTrace, timesParked, parkedNow, peakParked,
                parkThreadTimeNanos, parkRealTimeNanos, firstEventNanos, lastEventNanos, collecting, samples, nanos,
                sites, timeline);
    }

    /**
     * Several blockers' snapshots as one, for a report that lists many small blockers of one class and site as a
     * single row: counts, times and hold samples add up, the peak is the highest, the life spans from the first
     * event to the last, the timelines add up ({@link TimelineSnapshot#sum}), and the origin is the first
     * snapshot's. The identity hash is 0: there is no one blocker.
     */
    public static ParkSnapshot sum(List<ParkSnapshot> parts) {
        ParkSnapshot first = parts.get(0);
        long parked = 0, now = 0, peak = 0, thread = 0, real = 0, holds = 0, holdNanos = 0;
        long firstEvent = Long.MAX_VALUE, lastEvent = Long.MIN_VALUE;
        boolean collecting = false;
        List<SiteSnapshot> sites = new ArrayList<>();
        List<TimelineSnapshot> timelines = new ArrayList<>();
        for (ParkSnapshot p : parts) {
            timelines.add(p.timeline);
            parked += p.timesParked;
            now += p.parkedNow;
            peak = Math.max(peak, p.peakParked);
            thread += p.parkThreadTimeNanos;
            real += p.parkRealTimeNanos;
            holds += p.holdSamples;
            holdNanos += p.holdNanos;
            if (p.collecting) {
                collecting = true;
                firstEvent = Math.min(firstEvent, p.firstEventNanos);
                lastEvent = Math.max(lastEvent, p.lastEventNanos);
            }
            sites.addAll(p.sites);
        }
        return new ParkSnapshot(first.className, 0, first.threadName, first.stackTrace, parked, now, peak, thread,
                real, collecting ? firstEvent : 0, collecting ? lastEvent : 0, collecting, holds, holdNanos,
                SiteSnapshot.merged(sites), TimelineSnapshot.sum(timelines));
    }

    /**
     * The class and first-park stack: small blockers that share them share a report row, and so do the retired
     * records of collected ones (the stack also decides whether they were a lock, a condition or idle).
     */
    public List<Object> rowKey() {
        return List.of(className, stackTrace);
    }

    /** The hash code as the report shows it: lower-case hex. */
    public String identityHashHex() {
        return Integer.toHexString(identityHash);
    }

    public double parkThreadTimeMs() {
        return parkThreadTimeNanos / 1e6;
    }

    public double parkRealTimeMs() {
        return parkRealTimeNanos / 1e6;
    }

    /** Unparks, inferred as the thesis does: parks minus threads still parked. */
    public long timesUnparked() {
        return timesParked - parkedNow;
    }

    /** Time from the first to the last collected event, Time<sub>n</sub> − Time<sub>1</sub>. */
    public long lifeTimeNanos() {
        return collecting ? lastEventNanos - firstEventNanos : 0;
    }

    /** 3.7.10: thread-time over parks. */
    public double avgParkTimeMs() {
        return ratio(parkThreadTimeNanos, timesParked) / 1e6;
    }

    /**
     * 3.7.11, estimated from measured holds rather than as real-time over unparks, which a multi-permit semaphore
     * or a releaser that re-enters at once makes wrong (see {@link ParkRecord}); 0 without samples.
     */
    public double avgHoldTimeMs() {
        return ratio(holdNanos, holdSamples) / 1e6;
    }

    /** Whether any hold was measured: without, a report shows no hold time rather than 0. */
    public boolean hasHoldTime() {
        return holdSamples > 0;
    }

    /** 3.7.12: real-time as a percentage of the program's execution time so far. */
    public double realTimeUtilPct(long totalExecutionNanos) {
        return 100 * ratio(parkRealTimeNanos, totalExecutionNanos);
    }

    /** 3.7.13: thread-time as a percentage of the program's execution time so far. */
    public double threadTimeUtilPct(long totalExecutionNanos) {
        return 100 * ratio(parkThreadTimeNanos, totalExecutionNanos);
    }

    /** 3.7.14: real-time as a percentage of the time the blocker was observed. */
    public double realLifeTimeUtilPct() {
        return 100 * ratio(parkRealTimeNanos, lifeTimeNanos());
    }

    /** 3.7.15: thread-time as a percentage of the time the blocker was observed. */
    public double threadLifeTimeUtilPct() {
        return 100 * ratio(parkThreadTimeNanos, lifeTimeNanos());
    }

    private static double ratio(long numerator, long denominator) {
        return denominator <= 0 ? 0 : (double) numerator / denominator;
    }
}
