package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

/** Synthetic event sequences; times are in milliseconds for readability and scaled to nanoseconds. */
class ParkRecordTest {
    private static final long MS = 1_000_000;
    private static final ParkOrigin ORIGIN = new ParkOrigin("worker-1", List.of("a.B.park(B.java:1)", "a.C.run(C.java:2)"));
    private static final ParkSite SITE = new ParkSite(ORIGIN);

    private static ParkRecord record(long threshold) {
        return new ParkRecord("a.Lock", 0xA0BF29C, threshold);
    }

    private static void park(ParkRecord r, long ms) {
        r.parking(ms * MS, SITE);
    }

    private static void unpark(ParkRecord r, long ms) {
        r.unparked(ms * MS);
    }

    /** Three threads park at 0, 10, 20 and leave at 30, 40, 50: each was parked 30 ms. */
    private static ParkRecord threeStaggered(long threshold) {
        ParkRecord r = record(threshold);
        park(r, 0);
        park(r, 10);
        park(r, 20);
        unpark(r, 30);
        unpark(r, 40);
        unpark(r, 50);
        return r;
    }

    @Test
    void threadTime_usesParkedNowBeforeEachEvent() {
        ParkSnapshot s = threeStaggered(0).snapshot();

        // 0·0 + 1·10 + 2·10 + 3·10 + 2·10 + 1·10
        assertEquals(90 * MS, s.parkThreadTimeNanos());
        assertEquals(90.0, s.parkThreadTimeMs(), 1e-9);
    }

    @Test
    void realTime_countsTimeWithAtLeastOneParked() {
        ParkSnapshot s = threeStaggered(0).snapshot();

        // min(0,1)·0 + min(1,1)·10 + min(2,1)·10 + min(3,1)·10 + min(2,1)·10 + min(1,1)·10
        assertEquals(50 * MS, s.parkRealTimeNanos());
    }

    @Test
    void realTime_excludesGapsWithNobodyParked() {
        ParkRecord r = record(0);
        park(r, 0);
        unpark(r, 5);
        park(r, 100);
        unpark(r, 107);

        ParkSnapshot s = r.snapshot();
        assertEquals(12 * MS, s.parkRealTimeNanos());
        assertEquals(12 * MS, s.parkThreadTimeNanos());
        assertEquals(107 * MS, s.lifeTimeNanos());
    }

    @Test
    void counters_andPeak() {
        ParkRecord r = threeStaggered(0);
        park(r, 60);

        ParkSnapshot s = r.snapshot();
        assertEquals(4, s.timesParked());
        assertEquals(1, s.parkedNow());
        assertEquals(3, s.peakParked());
        assertEquals(3, s.timesUnparked());
        assertTrue(s.collecting());
        assertEquals("worker-1", s.threadName());
        assertEquals(ORIGIN.stackTrace(), s.stackTrace());
        assertEquals(0, s.firstEventNanos());
        assertEquals(60 * MS, s.lastEventNanos());
        assertEquals("a0bf29c", s.identityHashHex());
        assertEquals("a.Lock", s.className());
    }

    @Test
    void timeline_addsUpToTheThreadTimeAndPeaksAtThePeak() {
        ParkSnapshot s = threeStaggered(0).snapshot();
        TimelineSnapshot t = s.timeline();

        long threadNanos = 0;
        int peak = 0;
        for (int i = 0; i < t.buckets(); i++) {
            threadNanos += t.threadNanos(i);
            peak = Math.max(peak, t.peak(i));
        }
        assertEquals(s.parkThreadTimeNanos(), threadNanos);
        assertEquals(s.peakParked(), peak);
        // 0 to 50 ms in buckets of about 1 ms, the last one holding the final unpark
        assertEquals(50 * MS / t.bucketNanos() + 1, t.buckets());
    }

    @Test
    void timeline_startsWithCollection() {
        ParkRecord before = threeStaggered(4);
        assertEquals(0, before.snapshot().timeline().buckets());

        TimelineSnapshot t = threeStaggered(3).snapshot().timeline();
        assertEquals(20 * MS >> 20 << 20, t.startNanos()); // the bucket of the third park, at 20 ms
        assertEquals(3, t.peak(0));
    }

    @Test
    void derivedMetrics_followSection37() {
        ParkSnapshot s = threeStaggered(0).snapshot();

        assertEquals(30.0, s.avgParkTimeMs(), 1e-9);            // 90 / 3 parks
        assertEquals(0, s.avgHoldTimeMs(), "no hold measured");
        assertFalse(s.hasHoldTime());
        assertEquals(25.0, s.realTimeUtilPct(200 * MS), 1e-9);  // 100 × 50 / 200
        assertEquals(45.0, s.threadTimeUtilPct(200 * MS), 1e-9); // 100 × 90 / 200
        assertEquals(100.0, s.realLifeTimeUtilPct(), 1e-9);     // 100 × 50 / (50 − 0)
        assertEquals(180.0, s.threadLifeTimeUtilPct(), 1e-9);   // 100 × 90 / (50 − 0)
    }

    /**
     * A semaphore of three permits held 30 ms each by six threads: three park at 0 and each release wakes one, so
     * unparks come every 10 ms and real-time over unparks (the thesis's estimate) says 10 ms; the measured holds say
     * 30.
     */
    @Test
    void avgHoldTime_isTheMeanOfTheMeasuredHoldsNotRealTimeOverUnparks() {
        ParkRecord r = record(0);
        park(r, 0);
        park(r, 0);
        park(r, 0);
        unpark(r, 10);
        unpark(r, 20);
        unpark(r, 30);
        r.held(30 * MS);
        r.held(30 * MS);
        r.held(33 * MS);

        ParkSnapshot s = r.snapshot();
        assertEquals(30 * MS, s.parkRealTimeNanos());
        assertEquals(31.0, s.avgHoldTimeMs(), 1e-9);
        assertTrue(s.hasHoldTime());
        assertEquals(3, s.holdSamples());
    }

    @Test
    void threshold_startsCollectionAtTheNthPark() {
        ParkSnapshot s = threeStaggered(3).snapshot();

        assertTrue(s.collecting());
        assertEquals(3, s.timesParked());
        assertEquals(20 * MS, s.firstEventNanos());
        // from 20: 3·10 + 2·10 + 1·10, the two earlier parkers are counted from when collection started
        assertEquals(60 * MS, s.parkThreadTimeNanos());
        assertEquals(30 * MS, s.parkRealTimeNanos());
        assertEquals(3, s.peakParked());
        assertEquals(0, s.parkedNow());
        assertEquals(30 * MS, s.lifeTimeNanos());
    }

    @Test
    void threshold_zeroAndOneBothCollectFromTheFirstPark() {
        assertEquals(threeStaggered(0).snapshot(), threeStaggered(1).snapshot());
    }

    @Test
    void threshold_notReached_countsParksButNoTimes() {
        ParkSnapshot s = threeStaggered(4).snapshot();

        assertFalse(s.collecting());
        assertEquals(3, s.timesParked());
        assertEquals(0, s.parkedNow());
        assertEquals(0, s.peakParked());
        assertEquals(0, s.parkThreadTimeNanos());
        assertEquals(0, s.parkRealTimeNanos());
        assertNull(s.threadName());
        assertEquals(List.of(), s.stackTrace());
        assertEquals(0, s.lifeTimeNanos());
        assertEquals(0, s.avgParkTimeMs());
        assertEquals(0, s.realLifeTimeUtilPct());
    }

    @Test
    void unparksOfParksBeforeCollection_neverGoNegative() {
        ParkRecord r = record(2);
        park(r, 0);      // not collected
        unpark(r, 5);    // its unpark, before collection
        park(r, 10);     // second park: collection starts, nobody else parked
        unpark(r, 30);

        ParkSnapshot s = r.snapshot();
        assertEquals(0, s.parkedNow());
        assertEquals(20 * MS, s.parkThreadTimeNanos());
        assertEquals(20 * MS, s.parkRealTimeNanos());
        assertEquals(1, s.peakParked());
    }

    @Test
    void unmatchedUnpark_isIgnored() {
        ParkRecord r = record(0);
        unpark(r, 0);
        park(r, 10);
        unpark(r, 20);
        unpark(r, 30);

        ParkSnapshot s = r.snapshot();
        assertEquals(1, s.timesParked());
        assertEquals(0, s.parkedNow());
        assertEquals(10 * MS, s.parkThreadTimeNanos());
        assertEquals(20 * MS, s.lastEventNanos());
    }

    @Test
    void outOfOrderTimestamp_addsNoNegativeTime() {
        ParkRecord r = record(0);
        park(r, 10);
        park(r, 8);      // clock read before the first thread's, lock taken after
        unpark(r, 20);
        unpark(r, 30);

        ParkSnapshot s = r.snapshot();
        assertEquals(2 * 10 * MS + 10 * MS, s.parkThreadTimeNanos());
        assertEquals(20 * MS, s.parkRealTimeNanos());
        assertEquals(2, s.peakParked());
    }

    @Test
    void origin_isTheFirstParkWithASite() {
        ParkRecord r = record(0);
        r.parking(0, null);
        r.unparked(1);
        assertFalse(r.hasOrigin());
        ParkSite later = new ParkSite(new ParkOrigin("worker-2", List.of("a.D.run(D.java:3)")));
        r.parking(2, later);
        r.unparked(3);
        r.parking(4, SITE);
        r.unparked(5);

        ParkSnapshot s = r.snapshot();
        assertTrue(r.hasOrigin());
        assertEquals("worker-2", s.threadName());
        assertEquals(List.of("a.D.run(D.java:3)"), s.stackTrace());
    }

    @Test
    void sites_areListedWithTheirOwnCountsMostThreadTimeFirst() {
        ParkRecord r = record(0);
        ParkSite other = new ParkSite(new ParkOrigin("worker-2", List.of("a.D.run(D.java:3)")));
        r.addSite(SITE);
        r.addSite(other);
        SITE.parking();
        SITE.unparked(5 * MS);
        other.parking();
        other.unparked(7 * MS);
        other.parking();
        other.unparked(8 * MS);

        List<SiteSnapshot> sites = r.snapshot().sites();
        assertEquals(List.of(new SiteSnapshot("worker-2", other.stackTrace(), 2, 15 * MS),
                new SiteSnapshot("worker-1", SITE.stackTrace(), 1, 5 * MS)), sites);
    }

    @Test
    void zeroDenominators_giveZero() {
        ParkSnapshot fresh = record(0).snapshot();
        assertEquals(0, fresh.avgParkTimeMs());
        assertEquals(0, fresh.avgHoldTimeMs());
        assertEquals(0, fresh.realTimeUtilPct(0));
        assertEquals(0, fresh.threadTimeUtilPct(0));
        assertEquals(0, fresh.realLifeTimeUtilPct());
        assertEquals(0, fresh.threadLifeTimeUtilPct());

        ParkRecord parkedOnly = record(0);
        park(parkedOnly, 0);    // one event: no unpark yet, no life time
        ParkSnapshot s = parkedOnly.snapshot();
        assertEquals(0, s.avgHoldTimeMs());
        assertEquals(0, s.realLifeTimeUtilPct());
        assertEquals(0, s.realTimeUtilPct(0));
    }

    @Test
    void negativeThreshold_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> record(-1));
    }

    /** Threads park and unpark at once while snapshots are taken: every event counts, and no figure goes down. */
    @Test
    void concurrentEvents_balance() throws InterruptedException {
        ParkRecord r = record(0);
        int threads = 4;
        int rounds = 10_000;
        CountDownLatch start = new CountDownLatch(1);
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < rounds; i++) {
                    r.parking(System.nanoTime(), SITE);
                    r.unparked(System.nanoTime());
                }
            });
            ts[t].start();
        }
        start.countDown();
        ParkSnapshot before = r.snapshot();
        for (Thread t : ts) {
            while (t.isAlive()) {
                ParkSnapshot later = r.snapshot();
                assertTrue(later.timesParked() >= before.timesParked()
                        && later.parkThreadTimeNanos() >= before.parkThreadTimeNanos()
                        && later.parkRealTimeNanos() >= before.parkRealTimeNanos(), "a later snapshot went down");
                before = later;
            }
        }
        ParkSnapshot s = r.snapshot();
        assertEquals((long) threads * rounds, s.timesParked());
        assertEquals(0, s.parkedNow());
        assertTrue(s.peakParked() >= 1 && s.peakParked() <= threads);
        assertTrue(s.parkRealTimeNanos() <= s.parkThreadTimeNanos());
        assertTrue(s.parkRealTimeNanos() <= s.lifeTimeNanos());
    }
}
