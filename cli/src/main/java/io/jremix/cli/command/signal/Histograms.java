package io.jremix.cli.command.signal;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/** The one histogram shape used for every latency here: nanoseconds up to a minute, three significant digits. */
final class Histograms {
    static final long HIGHEST_NANOS = TimeUnit.MINUTES.toNanos(1);

    private Histograms() {
    }

    static Histogram create() {
        return new Histogram(HIGHEST_NANOS, 3);
    }

    /** Records {@code nanos}, pinned to the trackable range so that one absurd stall cannot end the run. */
    static void record(Histogram h, long nanos) {
        h.recordValue(Math.max(0, Math.min(nanos, HIGHEST_NANOS)));
    }
}
