package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void extremeSamples_shareTheEndBuckets() {
        HoldSamples s = new HoldSamples();
        s.add(1, HoldSamples.buckets());
        s.add(Long.MAX_VALUE / 4, null);

        assertEquals(1, s.singleHoldCount());
        assertEquals(1, s.singleHoldNanos());
    }
}
