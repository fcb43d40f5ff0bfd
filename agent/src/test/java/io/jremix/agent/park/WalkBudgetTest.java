package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WalkBudgetTest {
    private static final long T = 5_000_000_000L;

    /** Takes every walk the budget has at {@code now}; how many. */
    private static int drain(WalkBudget b, long now) {
        int n = 0;
        while (b.take(now)) {
            n++;
        }
        return n;
    }

    @Test
    void aThreadStartsWithAFullBurst() {
        assertEquals(WalkBudget.BURST, drain(new WalkBudget(), T));
    }

    @Test
    void aSpentBudgetRefillsOneWalkPerPeriod() {
        WalkBudget b = new WalkBudget();
        drain(b, T);
        assertFalse(b.take(T + WalkBudget.REFILL_NANOS - 1));
        assertTrue(b.take(T + WalkBudget.REFILL_NANOS), "the refill counts from the last look, one period on");
        assertFalse(b.take(T + WalkBudget.REFILL_NANOS));
        assertEquals(3, drain(b, T + 4 * WalkBudget.REFILL_NANOS));
    }

    @Test
    void anIdleThreadSavesUpOneBurstAtMost() {
        WalkBudget b = new WalkBudget();
        drain(b, T);
        assertEquals(WalkBudget.BURST, drain(b, T + 1_000 * WalkBudget.REFILL_NANOS));
    }

    @Test
    void aClockSeenGoingBackAddsNothing() {
        WalkBudget b = new WalkBudget();
        drain(b, T);
        assertFalse(b.take(T - 10 * WalkBudget.REFILL_NANOS));
        assertEquals(1, drain(b, T - 9 * WalkBudget.REFILL_NANOS), "credit from the last look only");
    }
}
