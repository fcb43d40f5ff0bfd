package io.jremix.core.park;

import java.util.Arrays;

/**
 * How many threads were parked on one blocker over time, in at most {@link #BUCKETS} buckets: each keeps the peak
 * parked count seen in it and the thread-time parked in it (the time-weighted mean is that over the bucket's
 * width). Memory is fixed, whatever the run's length: when an event falls past the last bucket, neighbouring
 * pairs merge (peaks by maximum, thread-times added) and the width doubles.
 *
 * <p>Buckets are aligned on the {@link System#nanoTime()} clock itself, not on the blocker's first event: bucket
 * {@code i} of width {@code 2^shift} ns covers the times {@code t} with {@code t >> shift == i}. So any two
 * timelines line up once brought to the same width, which is what adding up a report row of several blockers needs
 * ({@link TimelineSnapshot#sum}). The first width is {@code 2^20} ns (about 1 ms), so a short-lived blocker keeps
 * a fine-grained timeline whatever the run's length.
 *
 * <p>The owner feeds it every change of the parked count it collects ({@link #level}), in time order, as
 * {@link ParkRecord} feeds its sums, so the buckets' thread-times add up to the record's thread-time. An update
 * touches the bucket of the event and, after a quiet spell, those the spell crossed: at most {@link #BUCKETS}, and
 * usually one. The arrays start at {@link #FIRST_CAPACITY} buckets and double, up to {@link #BUCKETS}, as the
 * blocker's life grows: most blockers live a few milliseconds, and a report can hold 100,000 of them. Not
 * thread-safe: the owner feeds it from one thread at a time.
 */
public final class ParkTimeline {
    /** Buckets a timeline keeps at most. */
    public static final int BUCKETS = 120;
    /** The first bucket width, {@code 2^FIRST_SHIFT} ns. */
    static final int FIRST_SHIFT = 20;

    /** Buckets allocated at first. */
    static final int FIRST_CAPACITY = 8;

    private int[] peaks = new int[FIRST_CAPACITY];
    private long[] threadNanos = new long[FIRST_CAPACITY];
    private int shift = FIRST_SHIFT;
    /** Clock index ({@code t >> shift}) of bucket 0; set by the first event. */
    private long first;
    /** Buckets from 0 that hold an event or a spell between events. */
    private int used;
    private long lastNanos;
    private long parkedNow;

    /** From {@code nanoTime} on, {@code parked} threads are parked on the blocker. */
    public void level(long nanoTime, long parked) {
        if (used == 0) {
            first = nanoTime >> shift;
            lastNanos = nanoTime;
        }
        long now = Math.max(nanoTime, lastNanos); // an event older than the last is simultaneous with it
        while ((now >> shift) - first >= BUCKETS) {
            coarsen();
        }
        int b = (int) ((now >> shift) - first);
        if (b >= peaks.length) {
            int capacity = Math.min(BUCKETS, Math.max(2 * peaks.length, b + 1));
            peaks = Arrays.copyOf(peaks, capacity);
            threadNanos = Arrays.copyOf(threadNanos, capacity);
        }
        if (parkedNow > 0) {
            spread(lastNanos, now);
        }
        peaks[b] = Math.max(peaks[b], clamp(parked));
        used = Math.max(used, b + 1);
        lastNanos = now;
        parkedNow = parked;
    }

    /** Adds the spell {@code [from, to)} at the current parked count to the buckets it covers. */
    private void spread(long from, long to) {
        int peak = clamp(parkedNow);
        long t = from;
        while (t < to) {
            int b = (int) ((t >> shift) - first);
            long end = Math.min(to, ((t >> shift) + 1) << shift);
            threadNanos[b] += parkedNow * (end - t);
            peaks[b] = Math.max(peaks[b], peak);
            t = end;
        }
    }

    /** Merges neighbouring pairs: twice the width, bucket 0 on the clock index at the new width. */
    private void coarsen() {
        long newFirst = first >> 1;
        int newUsed = used == 0 ? 0 : (int) (((first + used - 1) >> 1) - newFirst + 1);
        // bucket i goes to (first + i) / 2 - newFirst, never after i: in place, in ascending order
        for (int i = 0; i < used; i++) {
            int peak = peaks[i];
            long nanos = threadNanos[i];
            peaks[i] = 0;
            threadNanos[i] = 0;
            int j = (int) (((first + i) >> 1) - newFirst);
            peaks[j] = Math.max(peaks[j], peak);
            threadNanos[j] += nanos;
        }
        shift++;
        first = newFirst;
        used = newUsed;
    }

    private static int clamp(long parked) {
        return (int) Math.min(parked, Integer.MAX_VALUE);
    }

    /** A copy of the buckets in use; empty before the first event. */
    public TimelineSnapshot snapshot() {
        int[] p = new int[used];
        long[] n = new long[used];
        System.arraycopy(peaks, 0, p, 0, used);
        System.arraycopy(threadNanos, 0, n, 0, used);
        return new TimelineSnapshot(first << shift, shift, p, n);
    }
}
