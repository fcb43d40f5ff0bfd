package io.jremix.core.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThresholdsTest {
    private static final long MS = 1_000_000L;

    @Test
    void constructor_rejectsBadValues() {
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(1, -0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(1, 0, 1, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(1, 0, 1, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new Thresholds(1, 0, 1, Double.NaN));
    }

    @Test
    void withRate_keepsTheDefaults() {
        Thresholds t = Thresholds.withRate(5_000);

        assertEquals(Thresholds.DEFAULT_MIN_SAMPLED, t.minSampled());
        assertEquals(5_000, t.minEventsPerSecond());
        assertEquals(Thresholds.DEFAULT_MIN_SPAN_NANOS, t.minSpanNanos());
    }

    @Test
    void rate_isSampledTimesRatioPerSecondOverAtLeastMinSpan() {
        Thresholds t = new Thresholds(1, 0, 10 * MS);

        assertEquals(4 * 100 / 0.020, t.rate(4, 20 * MS, 100), 1e-9);
        assertEquals(4 * 100 / 0.010, t.rate(4, 1 * MS, 100), 1e-9, "a burst is spread over minSpan");
        assertEquals(4 * 100 / 0.010, t.rate(4, 0, 100), 1e-9);
    }

    @Test
    void exceeded_needsBothMinSampledAndMinRate() {
        Thresholds t = new Thresholds(10, 1_000, MS);

        assertTrue(t.exceeded(10, 10 * MS, 1, 2), "10 over 10 ms = 1000/s, exactly enough");
        assertFalse(t.exceeded(10, 10 * MS + 1, 1, 2), "just below the rate");
        assertFalse(t.exceeded(9, MS, 1_000, 2), "rate is huge but too few samples");
        assertTrue(t.exceeded(10, 100 * MS, 10, 2), "the sampling ratio scales the rate");
        assertTrue(t.exceeded(10, 10 * MS, 1, 0.001), "a rate alone, whatever the threads ran");
    }

    @Test
    void costShare_isMissTimeOverRunningTime() {
        // 20,000 misses a second at 50 ns: 1 ms a second, over two threads on cores all the time
        assertEquals(0.0005, Thresholds.costShare(20_000, 2), 1e-12);
        assertEquals(0.001, Thresholds.costShare(20_000, 1), 1e-12, "threads on a core half the time: twice the share");
        assertEquals(1, Thresholds.costShare(1e8, 2), "at most all of their time");
    }

    @Test
    void exceeded_byCostShare_dependsOnTheTimeTheThreadsRan() {
        Thresholds t = new Thresholds(10, 0, MS, 0.0005);

        // 20 sampled misses over 1 s at 1:1000: 20,000 estimated misses a second
        assertTrue(t.exceeded(20, 1000 * MS, 1000, 2), "two threads on their cores: 0.05%, enough");
        assertFalse(t.exceeded(20, 1000 * MS, 1000, 2.5), "over more running time the share is smaller");
        assertTrue(t.exceeded(10, 1000 * MS, 1000, 1), "half as many misses, the threads on a core half the time");
        assertFalse(t.exceeded(9, 1000 * MS, 1000, 0.01), "too few samples, whatever the share");
        assertEquals(0.5, t.level(10, 1000 * MS, 1000, 2), 1e-9);
    }

    @Test
    void level_isTheStricterOfTheTwoRules() {
        Thresholds both = new Thresholds(1, 40_000, MS, 0.0005);
        assertEquals(0.5, both.level(20, 1000 * MS, 1000, 2), 1e-9, "the rate is half of its threshold");
        assertEquals(0.5, both.level(40, 1000 * MS, 1000, 8), 1e-9, "the share is half of its threshold");
        assertEquals(Double.POSITIVE_INFINITY, new Thresholds(1, 0, MS).level(1, MS, 1, 1));
    }

    @Test
    void predictedShare_isWhatTheAlternationsOfTwoStreamsWouldCost() {
        // two writers at 1 M accesses a second each alternate 1 M times a second: 50 ms a second over 2 s of CPU
        assertEquals(0.025, Thresholds.predictedShare(1e6, 1e6, true), 1e-12);
        assertEquals(0.0125, Thresholds.predictedShare(1e6, 1e6, false), 1e-12, "a reader misses one way only");
        // a rare writer bounds it, however fast the other thread reads
        assertEquals(Thresholds.predictedShare(1_000, 1e9, false), Thresholds.costShare(1_000, 2), 1e-9);
        assertEquals(0, Thresholds.predictedShare(0, 1e6, true));
    }

    @Test
    void predictions_needTheRateOfEachThreadAndTheShare() {
        Thresholds rate = Thresholds.withRate(100_000);
        assertTrue(rate.predicts(100_000, 2e6, 0));
        assertFalse(rate.predicts(99_999, 2e6, 1), "the slower thread is under the rate");
        Thresholds cost = Thresholds.withCostShare(0.0003);
        assertTrue(cost.predicts(1, 1, 0.0003));
        assertFalse(cost.predicts(1e9, 1e9, 0.0002));
        // one side's 32 sampled writes over 1 s at 1:1000 on a core all the time: at most 32,000 misses a second
        assertTrue(cost.couldPredict(32, 1000 * MS, 1000, 1), "0.16% with an infinitely fast other side");
        assertFalse(cost.couldPredict(31, 1000 * MS, 1000, 1), "too few samples");
        assertFalse(Thresholds.withCostShare(0.002).couldPredict(32, 1000 * MS, 1000, 1));
        assertTrue(Thresholds.withCostShare(0.002).couldPredict(32, 1000 * MS, 1000, 0.5),
                "the same writes in half the running time");
    }

    @Test
    void ratePerSecond_isWhatReachesTheThresholdsBetweenTwoThreadsOnCores() {
        assertEquals(12_000, Thresholds.withCostShare(0.0003).ratePerSecond(), 1e-6);
        assertEquals(100_000, Thresholds.withRate(100_000).ratePerSecond());
    }
}
