package io.jremix.core.park;

import java.util.Comparator;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * Feeds a {@link ParkRecord} from blocking intervals that are reported only once they end, late and out of order,
 * as JFR reports a blocked monitor enter or an {@code Object.wait}: one event per interval, committed when the
 * interval ends, delivered about once a second, threads' buffers interleaved. The record wants each interval's
 * start (a park) and end (an unpark) in time order, so that its formulas, shared with the park profiler, see the
 * same parked-now step function the intervals describe.
 *
 * <p>The feed keeps the points it was given in a priority queue and applies to the record, in time order, those
 * before a watermark the caller advances: once the caller knows that no interval still to come starts before
 * some time, everything before that time is final. Memory is then bounded by the intervals of the last
 * watermark lag, not by the run. At equal times ends go before starts, so back-to-back intervals do not count as
 * both blocked at once.
 *
 * <p>An interval that does start before the watermark (it lasted longer than the caller's lag, or a snapshot
 * advanced the watermark to the present while it was still in progress) cannot be inserted into the applied past:
 * its start is moved up to the watermark, and the time cut off is added to {@link #clampedNanos()}, so a report can
 * say how much of its thread-time and real-time is missing. Its park still counts.
 *
 * <p>Applying the ends in time order also gives the hand-off gaps of {@link HoldSamples}: an interval that ends
 * (its thread gets the monitor) after starting no later than the previous end applied is a thread that was
 * blocked throughout since that previous acquisition.
 */
public final class IntervalFeed {
    private static final int END = 0;
    private static final int START = 1;
    /** The end of an interval of zero length goes after its own start. */
    private static final int EMPTY_END = 2;

    /** A start carries the origin of its thread and stack, an end the start of its interval. */
    private record Point(long nanos, int kind, long sequence, Supplier<ParkOrigin> origin, long start) {
    }

    private static final Comparator<Point> ORDER = Comparator.comparingLong(Point::nanos)
            .thenComparingInt(Point::kind).thenComparingLong(Point::sequence);

    private final ParkRecord record;
    private final PriorityQueue<Point> pending = new PriorityQueue<>(ORDER);
    private final HoldSamples gaps = new HoldSamples();
    /** The last end applied: the last acquisition after blocking. */
    private long lastEnd = Long.MIN_VALUE;
    private long watermark = Long.MIN_VALUE;
    private long sequence;
    private long clampedNanos;

    public IntervalFeed(ParkRecord record) {
        this.record = Objects.requireNonNull(record);
    }

    /**
     * One interval during which a thread was blocked.
     *
     * @param startNanos start, on the clock the record's other timestamps use
     * @param endNanos   end; an end before the start is taken as the start
     * @param origin     the thread name and stack, asked for only if this interval's start becomes the record's
     *                   first collected park
     */
    public void add(long startNanos, long endNanos, Supplier<ParkOrigin> origin) {
        long start = Math.max(startNanos, watermark);
        long end = Math.max(endNanos, start);
        clampedNanos += start - startNanos;
        long s = sequence++;
        pending.add(new Point(start, START, s, origin, start));
        pending.add(new Point(end, end == start ? EMPTY_END : END, s, null, start));
    }

    /** Applies, in time order, every pending point before {@code nanos}; a watermark never moves back. */
    public void advanceTo(long nanos) {
        watermark = Math.max(watermark, nanos);
        while (!pending.isEmpty() && pending.peek().nanos() < watermark) {
            Point p = pending.poll();
            if (p.kind() == START) {
                // the origin's frames are written only for the park that becomes the record's origin
                record.parking(p.nanos(), record.hasOrigin() ? null : new ParkSite(p.origin().get()));
            } else {
                if (lastEnd != Long.MIN_VALUE && p.start() <= lastEnd) {
                    gaps.add(p.nanos() - lastEnd, gaps.needsBuckets() ? HoldSamples.buckets() : null);
                }
                lastEnd = p.nanos();
                record.unparked(p.nanos());
            }
        }
    }

    /** Applies every pending point: what {@link ParkRecord#snapshot()} then shows includes every interval added. */
    public void applyAll() {
        if (!pending.isEmpty()) {
            advanceTo(pending.stream().mapToLong(Point::nanos).max().getAsLong() + 1);
        }
    }

    /** Starts and ends not yet applied. */
    public int pendingPoints() {
        return pending.size();
    }

    /** Blocked time cut from intervals that started before the watermark. */
    public long clampedNanos() {
        return clampedNanos;
    }

    public ParkRecord record() {
        return record;
    }

    /** The record's counters, with the hold time estimated from the hand-off gaps ({@link HoldSamples}). */
    public ParkSnapshot snapshot() {
        return record.snapshot().withHold(gaps.singleHoldCount(), gaps.singleHoldNanos());
    }
}
