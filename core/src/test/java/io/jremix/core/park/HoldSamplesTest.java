package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class HoldSamplesTest {
    private static final long MS = 1_000_000;

    private static HoldSamples samples(long... ms) {
        HoldSamples s = new HoldSamples();
        for (long m : ms) {
            s.add(m * MS, s.needsBuckets() ? HoldSamples.buckets() : null);
        }
        return s;
    }

    @Test
    void samplesOfSeveralHolds_areLeftOut() {
        HoldSamples s = samples(10, 31, 20, 11, 42, 9);

        assertEquals(3, s.singleHoldCount());
        assertEquals(30 * MS, s.singleHoldNanos());
    }

    @Test
    void holdsThatVaryWithinAFactorOfTwo_allCount() {
        HoldSamples s = samples(10, 14, 18, 12);

        assertEquals(4, s.singleHoldCount());
        assertEquals(54 * MS, s.singleHoldNanos());
    }

    @Test
    void bucketsAreMadeOnceAndOnlyForAPositiveSample() {
        HoldSamples s = samples(0);
        assertTrue(s.needsBuckets());
        assertEquals(0, s.singleHoldCount());
        assertEquals(0, s.singleHoldNanos());

        s.add(5 * MS, HoldSamples.buckets());
        assertFalse(s.needsBuckets());
        assertEquals(1, s.singleHoldCount());
    }

    @Test
    void oneSampleFarShorterThanAnyHold_doesNotSetTheFloor() {
        long[] ms = new long[41];
        Arrays.fill(ms, 20);
        HoldSamples s = samples(ms);
        s.add(740_000, null); // 0.74 ms: a thread that woke the next waiter as soon as it got a permit

        assertEquals(41, s.singleHoldCount());
        assertEquals(41 * 20 * MS, s.singleHoldNanos());
    }

    @Test
    void theShortestHolds_countWhenThereAreEnoughOfThem() {
        HoldSamples s = samples(20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20,
                20, 20, 20, 20, 20, 20, 20, 20, 4, 4);

        assertEquals(2, s.singleHoldCount());
        assertEquals(8 * MS, s.singleHoldNanos());
    }

    @Test
    void extremeSamples_shareTheEndBuckets() {
        HoldSamples shortOnes = new HoldSamples();
        shortOnes.add(1, HoldSamples.buckets());
        shortOnes.add(500, null);

        assertEquals(2, shortOnes.singleHoldCount());
        assertEquals(501, shortOnes.singleHoldNanos());

        HoldSamples longOnes = new HoldSamples();
        longOnes.add(Long.MAX_VALUE / 4, HoldSamples.buckets());
        longOnes.add(Long.MAX_VALUE / 8, null);

        assertEquals(2, longOnes.singleHoldCount());
        assertEquals(Long.MAX_VALUE / 4 + Long.MAX_VALUE / 8, longOnes.singleHoldNanos());
    }
}
