package io.jremix.core.park;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Contention statistics per Java monitor, built from the intervals JFR reports: a blocked enter
 * ({@code jdk.JavaMonitorEnter}) or an {@code Object.wait} ({@code jdk.JavaMonitorWait}) is one interval on one
 * monitor, reported when it ends. Each monitor, keyed by class and address, has an {@link IntervalFeed} into a
 * {@link ParkRecord} for its enters and one for its waits.
 *
 * <p>Intervals arrive in batches. After each batch the caller says so ({@link #delivered()}); points more than
 * {@code lagNanos} older than the latest end seen so far are then applied and dropped. An interval still to come
 * ends after that latest end (a batch holds every event committed before it was cut), so only one longer than the
 * lag can start before the watermark, and gets clamped. Memory is bounded by the intervals of the last lag plus
 * one record pair per monitor ever contended.
 *
 * <p>A table counts every interval it is given until {@link #countFromNow} moves its start later.
 *
 * <p>Thread-safe: batches come from the event stream's thread, snapshots from whoever reports.
 */
public final class MonitorTable {
    private record Key(String className, long address) {
    }

    private record Monitor(IntervalFeed enters, IntervalFeed waits) {
        Monitor(String className) {
            // no identity hash from JFR; threshold 0: every interval counts
            this(new IntervalFeed(new ParkRecord(className, 0, 0)), new IntervalFeed(new ParkRecord(className, 0, 0)));
        }
    }

    private final long lagNanos;
    private final Map<Key, Monitor> monitors = new HashMap<>();
    private long latestEnd = Long.MIN_VALUE;
    /** Intervals that start before this are not counted. */
    private long countFrom = Long.MIN_VALUE;

    /** @param lagNanos how far behind the latest end intervals are applied; not negative */
    public MonitorTable(long lagNanos) {
        if (lagNanos < 0) {
            throw new IllegalArgumentException("lag must not be negative: " + lagNanos);
        }
        this.lagNanos = lagNanos;
    }

    /**
     * A thread was blocked entering the monitor from {@code startNanos} until it got it at {@code endNanos}.
     *
     * @param origin the blocked thread's name and stack, asked for if this is the monitor's first blocked enter
     */
    public synchronized void blockedEnter(String className, long address, long startNanos, long endNanos,
                                          Supplier<ParkOrigin> origin) {
        if (startNanos < countFrom) {
            return;
        }
        monitor(className, address).enters().add(startNanos, endNanos, origin);
        latestEnd = Math.max(latestEnd, endNanos);
    }

    /** A thread waited in {@code Object.wait} on the monitor from {@code startNanos} to {@code endNanos}. */
    public synchronized void waited(String className, long address, long startNanos, long endNanos,
                                    Supplier<ParkOrigin> origin) {
        if (startNanos < countFrom) {
            return;
        }
        monitor(className, address).waits().add(startNanos, endNanos, origin);
        latestEnd = Math.max(latestEnd, endNanos);
    }

    /**
     * Counts from now on only, as a profiler whose other probes start later wants: forgets every interval given so
     * far and ignores those that start before now. Now is read from {@code clock} under the table's lock, so an
     * interval given before (it ended before now) is forgotten and one that starts after is kept, whichever
     * thread gives it.
     *
     * @return now, the time counting starts from
     */
    public synchronized long countFromNow(LongSupplier clock) {
        monitors.clear();
        latestEnd = Long.MIN_VALUE;
        countFrom = clock.getAsLong();
        return countFrom;
    }

    /** A batch has been delivered: applies what no later interval can precede. */
    public synchronized void delivered() {
        if (latestEnd == Long.MIN_VALUE) {
            return;
        }
        long watermark = latestEnd - lagNanos;
        for (Monitor m : monitors.values()) {
            m.enters().advanceTo(watermark);
            m.waits().advanceTo(watermark);
        }
    }

    /**
     * Every monitor with a blocked enter or a wait, most blocked thread-time first (then most waiting thread-time).
     * Applies all intervals delivered so far; an interval in progress now and delivered later is clamped to the
     * present, so snapshots in the middle of a run cost a little precision.
     */
    public synchronized List<MonitorSnapshot> snapshot() {
        List<MonitorSnapshot> out = new ArrayList<>();
        for (Map.Entry<Key, Monitor> e : monitors.entrySet()) {
            IntervalFeed enters = e.getValue().enters();
            IntervalFeed waits = e.getValue().waits();
            enters.applyAll();
            waits.applyAll();
            out.add(new MonitorSnapshot(e.getKey().className(), e.getKey().address(), enters.snapshot(),
                    waits.record().snapshot(), enters.clampedNanos() + waits.clampedNanos()));
        }
        out.sort(Comparator.comparingLong((MonitorSnapshot s) -> s.enters().parkThreadTimeNanos())
                .thenComparingLong(s -> s.waits().parkThreadTimeNanos()).reversed());
        return out;
    }

    /** Starts and ends not applied yet, over all monitors: what the lag costs in memory. */
    public synchronized int pendingPoints() {
        int n = 0;
        for (Monitor m : monitors.values()) {
            n += m.enters().pendingPoints() + m.waits().pendingPoints();
        }
        return n;
    }

    private Monitor monitor(String className, long address) {
        return monitors.computeIfAbsent(new Key(className, address), k -> new Monitor(className));
    }
}
