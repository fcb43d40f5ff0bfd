package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

/** Synthetic park/unpark sequences, times in units of the first bucket width. */
class ParkTimelineTest {
    private static final long W = 1L << ParkTimeline.FIRST_SHIFT;

    private static int[] peaks(TimelineSnapshot s) {
        return IntStream.range(0, s.buckets()).map(s::peak).toArray();
    }

    private static long[] threadNanos(TimelineSnapshot s) {
        return IntStream.range(0, s.buckets()).mapToLong(s::threadNanos).toArray();
    }

    private static long totalThreadNanos(TimelineSnapshot s) {
        return LongStream.of(threadNanos(s)).sum();
    }

    @Test
    void parkUnparkSequence_peaksAndThreadTimePerBucket() {
        ParkTimeline t = new ParkTimeline();
        t.level(0, 1);
        t.level(2 * W, 2);
        t.level(3 * W + W / 2, 1);
        t.level(5 * W, 0);

        TimelineSnapshot s = t.snapshot();
        assertEquals(0, s.startNanos());
        assertEquals(W, s.bucketNanos());
        assertArrayEquals(new int[] {1, 1, 2, 2, 1, 0}, peaks(s));
        assertArrayEquals(new long[] {W, W, 2 * W, 2 * (W / 2) + W / 2, W, 0}, threadNanos(s));
        assertEquals(1.5, s.meanParked(3), 1e-12);
    }

    @Test
    void quietSpell_isFilledAtTheLevelItHad() {
        ParkTimeline t = new ParkTimeline();
        t.level(W / 2, 3);
        t.level(10 * W, 0);

        TimelineSnapshot s = t.snapshot();
        assertEquals(11, s.buckets());
        assertEquals(3 * (10 * W - W / 2), totalThreadNanos(s));
        for (int i = 0; i < 10; i++) {
            assertEquals(3, s.peak(i), "bucket " + i);
        }
    }

    @Test
    void longRun_staysBoundedAndKeepsThreadTime() {
        ParkTimeline t = new ParkTimeline();
        long expected = 0;
        // one thread parked for the first half of every W, for 1000 buckets' worth of the first width
        for (long i = 0; i < 1000 * ParkTimeline.BUCKETS; i++) {
            t.level(i * W, 1);
            t.level(i * W + W / 2, 0);
            expected += W / 2;
        }

        TimelineSnapshot s = t.snapshot();
        assertTrue(s.buckets() <= ParkTimeline.BUCKETS, "buckets " + s.buckets());
        assertTrue(s.buckets() > ParkTimeline.BUCKETS / 2, "buckets " + s.buckets());
        assertEquals(1024 * W, s.bucketNanos()); // 1000 × the first span needs 10 doublings
        assertEquals(expected, totalThreadNanos(s));
        assertEquals(0.5, s.meanParked(s.buckets() / 2), 1e-12);
    }

    @Test
    void merging_keepsTheSpikeInTheBucketThatCoversIt() {
        ParkTimeline t = new ParkTimeline();
        t.level(0, 1);
        long spike = 37 * W + 5;
        t.level(spike, 7);
        t.level(spike + 10, 1);
        t.level(50_000 * W, 0);

        TimelineSnapshot s = t.snapshot();
        assertTrue(s.buckets() <= ParkTimeline.BUCKETS);
        int bucket = (int) ((spike - s.startNanos()) / s.bucketNanos());
        assertEquals(7, s.peak(bucket));
        assertEquals(7, IntStream.of(peaks(s)).max().getAsInt());
        for (int i = 0; i < s.buckets() - 1; i++) {
            if (i != bucket) {
                assertEquals(1, s.peak(i), "bucket " + i);
            }
        }
        assertEquals(50_000 * W + 6 * 10, totalThreadNanos(s));
    }

    @Test
    void negativeClockValues_alignLikeAnyOther() {
        ParkTimeline t = new ParkTimeline();
        t.level(-3 * W, 2);
        t.level(-W, 0);

        TimelineSnapshot s = t.snapshot();
        assertEquals(-3 * W, s.startNanos());
        assertArrayEquals(new int[] {2, 2, 0}, peaks(s));
        assertEquals(4 * W, totalThreadNanos(s));
    }

    @Test
    void outOfOrderEvent_isSimultaneousWithTheLast() {
        ParkTimeline t = new ParkTimeline();
        t.level(4 * W, 1);
        t.level(3 * W, 2); // arrived late: taken as at 4W
        t.level(5 * W, 0);

        TimelineSnapshot s = t.snapshot();
        assertEquals(2 * W, totalThreadNanos(s));
        assertArrayEquals(new int[] {2, 0}, peaks(s));
    }

    @Test
    void sum_bringsPartsToOneGrid() {
        ParkTimeline fine = new ParkTimeline();
        fine.level(W, 2);
        fine.level(2 * W, 0);
        ParkTimeline coarse = new ParkTimeline();
        coarse.level(0, 1);
        coarse.level(300 * W, 0); // beyond 120 first-width buckets: at least 4 W wide

        TimelineSnapshot sum = TimelineSnapshot.sum(List.of(fine.snapshot(), coarse.snapshot(),
                TimelineSnapshot.EMPTY));
        assertEquals(coarse.snapshot().bucketNanos(), sum.bucketNanos());
        assertEquals(2 * W + 300 * W, totalThreadNanos(sum));
        assertEquals(2, sum.peak(0)); // the most on any one of them, as the row's peakParked
        assertTrue(sum.buckets() <= ParkTimeline.BUCKETS);
        assertEquals(0, TimelineSnapshot.sum(List.of(TimelineSnapshot.EMPTY)).buckets());
    }
}
