package io.jremix.core.park;

import java.util.List;

/**
 * An immutable copy of one {@link ParkRecord} with the derived metrics of seed 002, 3.7.10 to 3.7.15. Derived
 * metrics are computed here rather than kept up to date, as the seed advises. A metric whose denominator is zero
 * (no parks, no unparks yet, no execution time, a single collected event) is 0: there is nothing to average or
 * compare, and a report must not show NaN or infinity.
 *
 * <p>Averages divide by the parks (or unparks) of the whole life of the blocker, as the seed's formulas do, while
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
 */
public record ParkSnapshot(String className, int identityHash, String threadName, List<String> stackTrace,
                           long timesParked, long parkedNow, long peakParked, long parkThreadTimeNanos,
                           long parkRealTimeNanos, long firstEventNanos, long lastEventNanos, boolean collecting) {

    public ParkSnapshot {
        stackTrace = List.copyOf(stackTrace);
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

    /** Unparks, inferred as the seed does: parks minus threads still parked. */
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

    /** 3.7.11: real-time (the estimated hold time) over unparks. */
    public double avgHoldTimeMs() {
        return ratio(parkRealTimeNanos, timesUnparked()) / 1e6;
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
