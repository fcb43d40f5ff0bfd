package io.jremix.cli.command.signal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

/** The percentiles reported for one latency distribution, in nanoseconds. */
record LatencyStats(long samples, long p50, long p90, long p95, long p99, long p999, long max) {

    /** Column headings, in the order of {@link #values()}. */
    static final String[] PERCENTILES = {"p50", "p90", "p95", "p99", "p99.9", "max"};
    /** The same as keys of the CSV and JSON files (with a unit suffix). */
    static final String[] KEYS = {"p50", "p90", "p95", "p99", "p999", "max"};

    static LatencyStats of(Histogram h) {
        return new LatencyStats(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
    }

    long[] values() {
        return new long[] {p50, p90, p95, p99, p999, max};
    }

    /** Percentiles in microseconds, keyed by {@link #KEYS} + "Us", plus the sample count. */
    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("samples", samples);
        long[] v = values();
        for (int i = 0; i < v.length; i++) {
            m.put(KEYS[i] + "Us", micros(v[i]));
        }
        return m;
    }

    static double micros(long nanos) {
        return Math.round(nanos / 10.0) / 100.0;
    }
}
