package io.jremix.core.park;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable copy of a {@link ParkTimeline}: {@link #buckets()} buckets of {@link #bucketNanos()} each, the first
 * starting at {@link #startNanos()} ({@link System#nanoTime()}), each with the peak parked count seen in it and the
 * thread-time parked in it.
 */
public final class TimelineSnapshot {
    /** No buckets: a record that has not collected. */
    public static final TimelineSnapshot EMPTY = new TimelineSnapshot(0, ParkTimeline.FIRST_SHIFT, new int[0],
            new long[0]);

    private final long startNanos;
    private final int shift;
    private final int[] peaks;
    private final long[] threadNanos;

    /** Takes the arrays over: the caller made them for this snapshot alone. */
    TimelineSnapshot(long startNanos, int shift, int[] peaks, long[] threadNanos) {
        this.startNanos = startNanos;
        this.shift = shift;
        this.peaks = peaks;
        this.threadNanos = threadNanos;
    }

    public long startNanos() {
        return startNanos;
    }

    public long bucketNanos() {
        return 1L << shift;
    }

    public int buckets() {
        return peaks.length;
    }

    /** Most threads parked at once during bucket {@code i}. */
    public int peak(int i) {
        return peaks[i];
    }

    /** Thread-time parked during bucket {@code i}. */
    public long threadNanos(int i) {
        return threadNanos[i];
    }

    /** Threads parked during bucket {@code i} on average over its width. */
    public double meanParked(int i) {
        return (double) threadNanos[i] / bucketNanos();
    }

    /**
     * Several blockers' timelines as one row's, on one grid fine enough for all and no longer than
     * {@link ParkTimeline#BUCKETS}: thread-times add up, and a bucket's peak is the most threads parked on any one
     * of them, as {@link ParkSnapshot#sum} takes the row's peak.
     */
    public static TimelineSnapshot sum(List<TimelineSnapshot> parts) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        int shift = ParkTimeline.FIRST_SHIFT;
        for (TimelineSnapshot t : parts) {
            if (t.buckets() > 0) {
                start = Math.min(start, t.startNanos);
                end = Math.max(end, t.startNanos + ((long) t.buckets() << t.shift) - 1);
                shift = Math.max(shift, t.shift);
            }
        }
        if (start > end) {
            return EMPTY;
        }
        while ((end >> shift) - (start >> shift) >= ParkTimeline.BUCKETS) {
            shift++;
        }
        long first = start >> shift;
        int n = (int) ((end >> shift) - first + 1);
        int[] peaks = new int[n];
        long[] nanos = new long[n];
        for (TimelineSnapshot t : parts) {
            for (int i = 0; i < t.buckets(); i++) {
                int j = (int) ((((t.startNanos >> t.shift) + i) >> (shift - t.shift)) - first);
                peaks[j] = Math.max(peaks[j], t.peaks[i]);
                nanos[j] += t.threadNanos[i];
            }
        }
        return new TimelineSnapshot(first << shift, shift, peaks, nanos);
    }

    /** Equal when the grid and every bucket are, as the {@link ParkSnapshot} that holds it compares. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TimelineSnapshot t && t.startNanos == startNanos && t.shift == shift
                && Arrays.equals(t.peaks, peaks) && Arrays.equals(t.threadNanos, threadNanos);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(startNanos) * 31 + Arrays.hashCode(peaks);
    }

    @Override
    public String toString() {
        return "TimelineSnapshot[start=" + startNanos + ", bucket=" + bucketNanos() + ", peaks="
                + Arrays.toString(peaks) + "]";
    }
}
