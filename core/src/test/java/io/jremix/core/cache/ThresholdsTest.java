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

        assertTrue(t.exceeded(10, 10 * MS, 1), "10 over 10 ms = 1000/s, exactly enough");
        assertFalse(t.exceeded(10, 10 * MS + 1, 1), "just below the rate");
        assertFalse(t.exceeded(9, MS, 1_000), "rate is huge but too few samples");
        assertTrue(t.exceeded(10, 100 * MS, 10), "the sampling ratio scales the rate");
    }
}
