package io.jremix.core.cache;

/**
 * When coherence misses on one class become a finding.
 *
 * @param minSampled         sampled misses needed before a rate is trusted
 * @param minEventsPerSecond estimated misses per second (sampled misses times the accesses each sample stands for)
 *                           needed
 * @param minSpanNanos       shortest span a rate is computed over, so that a short burst cannot look like a storm
 */
public record Thresholds(long minSampled, double minEventsPerSecond, long minSpanNanos) {
    public static final long DEFAULT_MIN_SAMPLED = 32;
    public static final double DEFAULT_EVENTS_PER_SECOND = 100_000;
    public static final long DEFAULT_MIN_SPAN_NANOS = 250_000_000L;

    public Thresholds {
        if (minSampled < 1 || minEventsPerSecond < 0 || minSpanNanos < 1) {
            throw new IllegalArgumentException("bad thresholds");
        }
    }

    public static Thresholds withRate(double minEventsPerSecond) {
        return new Thresholds(DEFAULT_MIN_SAMPLED, minEventsPerSecond, DEFAULT_MIN_SPAN_NANOS);
    }

    /**
     * Whether {@code sampled} misses observed over {@code spanNanos} qualify, each sample standing for {@code scale}
     * accesses (the sampling ratio, times open over traced time when tracing comes in bursts).
     */
    public boolean exceeded(long sampled, long spanNanos, double scale) {
        return sampled >= minSampled && rate(sampled, spanNanos, scale) >= minEventsPerSecond;
    }

    /** Estimated misses per second. */
    public double rate(long sampled, long spanNanos, double scale) {
        return sampled * scale * 1e9 / Math.max(spanNanos, minSpanNanos);
    }
}
