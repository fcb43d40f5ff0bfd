package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** Intervals in milliseconds for readability, scaled to nanoseconds. */
class IntervalFeedTest {
    private static final long MS = 1_000_000;

    private static IntervalFeed feed() {
        return new IntervalFeed(new ParkRecord("a.Monitor", 0, 0));
    }

    private static Supplier<ParkOrigin> origin(String thread) {
        return () -> new ParkOrigin(thread, List.of("a.B.run(line:1)"));
    }

    private static void add(IntervalFeed f, long startMs, long endMs) {
        f.add(startMs * MS, endMs * MS, origin("t"));
    }

    private static ParkSnapshot applied(IntervalFeed f) {
        f.applyAll();
        return f.snapshot();
    }

    @Test
    void overlappingIntervals_giveTheParkMetrics() {
        IntervalFeed f = feed();
        add(f, 0, 10);
        add(f, 5, 20);

        ParkSnapshot s = applied(f);
        assertEquals(2, s.timesParked());
        assertEquals(0, s.parkedNow());
        assertEquals(2, s.peakParked());
        assertEquals(25 * MS, s.parkThreadTimeNanos());
        assertEquals(20 * MS, s.parkRealTimeNanos());
        assertEquals(10.0, s.avgHoldTimeMs(), 1e-9, "from the first acquisition to the second");
    }

    /**
     * Two threads and a 10 ms section; the releaser re-enters at once and usually wins: B blocks through three of
     * A's holds, A through one of B's, B through two, A through one. Real-time over enters says 17.5 ms.
     */
    @Test
    void aReleaserThatReentersAtOnce_doesNotInflateTheHoldTime() {
        IntervalFeed f = feed();
        add(f, 0, 30);
        add(f, 30, 40);
        add(f, 40, 60);
        add(f, 60, 70);

        ParkSnapshot s = applied(f);
        assertEquals(70 * MS, s.parkRealTimeNanos());
        assertEquals(10.0, s.avgHoldTimeMs(), 1e-9);
        assertEquals(2, s.holdSamples(), "the 20 ms gap held two holds");
    }

    @Test
    void anAcquisitionAfterAnIdleSpell_isNoHandOff() {
        IntervalFeed f = feed();
        add(f, 0, 10);
        add(f, 50, 60);     // blocked only after the first acquirer's hold: the gap 10..60 is not one hold

        assertFalse(applied(f).hasHoldTime());
    }

    @Test
    void arrivalOrder_doesNotMatter() {
        IntervalFeed f = feed();
        add(f, 5, 20);
        add(f, 0, 10);

        ParkSnapshot s = applied(f);
        assertEquals(2, s.peakParked());
        assertEquals(25 * MS, s.parkThreadTimeNanos());
        assertEquals(20 * MS, s.parkRealTimeNanos());
    }

    @Test
    void pointsAtOrAfterTheWatermark_waitForIt() {
        IntervalFeed f = feed();
        add(f, 0, 10);
        add(f, 30, 40);

        f.advanceTo(30 * MS);

        assertEquals(2, f.pendingPoints());
        assertEquals(1, f.record().snapshot().timesParked());
        assertEquals(0, f.record().snapshot().parkedNow());
        assertEquals(2, applied(f).timesParked());
    }

    @Test
    void anIntervalInProgressAtTheWatermark_isParkedUntilItsEndIsApplied() {
        IntervalFeed f = feed();
        add(f, 0, 50);

        f.advanceTo(20 * MS);

        assertEquals(1, f.record().snapshot().parkedNow());
        assertEquals(0, applied(f).parkedNow());
        assertEquals(50 * MS, f.record().snapshot().parkThreadTimeNanos());
    }

    @Test
    void backToBackIntervals_areNotBlockedTogether() {
        IntervalFeed f = feed();
        add(f, 10, 20);
        add(f, 0, 10);

        ParkSnapshot s = applied(f);
        assertEquals(1, s.peakParked());
        assertEquals(20 * MS, s.parkRealTimeNanos());
    }

    @Test
    void emptyInterval_countsWithoutTime() {
        IntervalFeed f = feed();
        add(f, 5, 5);

        ParkSnapshot s = applied(f);
        assertEquals(1, s.timesParked());
        assertEquals(0, s.parkedNow());
        assertEquals(1, s.peakParked());
        assertEquals(0, s.parkThreadTimeNanos());
    }

    @Test
    void intervalStartingBeforeTheWatermark_isClampedToIt() {
        IntervalFeed f = feed();
        add(f, 0, 10);
        f.advanceTo(100 * MS);

        add(f, 50, 120);

        assertEquals(50 * MS, f.clampedNanos());
        ParkSnapshot s = applied(f);
        assertEquals(2, s.timesParked(), "its enter still counts");
        assertEquals((10 + 20) * MS, s.parkThreadTimeNanos());
    }

    @Test
    void intervalEndingBeforeTheWatermark_countsAtIt() {
        IntervalFeed f = feed();
        f.advanceTo(100 * MS);

        add(f, 50, 60);

        assertEquals(50 * MS, f.clampedNanos());
        ParkSnapshot s = applied(f);
        assertEquals(1, s.timesParked());
        assertEquals(0, s.parkThreadTimeNanos());
    }

    @Test
    void watermark_neverMovesBack() {
        IntervalFeed f = feed();
        f.advanceTo(100 * MS);
        f.advanceTo(10 * MS);

        add(f, 50, 120);

        assertEquals(50 * MS, f.clampedNanos());
    }

    @Test
    void origin_isTheEarliestInterval_andOnlyItsSupplierIsCalled() {
        IntervalFeed f = feed();
        AtomicInteger laterCalls = new AtomicInteger();
        f.add(20 * MS, 30 * MS, () -> {
            laterCalls.incrementAndGet();
            return new ParkOrigin("later", List.of());
        });
        f.add(0, 10 * MS, origin("earliest"));

        ParkSnapshot s = applied(f);
        assertEquals("earliest", s.threadName());
        assertEquals(List.of("a.B.run(line:1)"), s.stackTrace());
        assertEquals(0, laterCalls.get());
    }
}
