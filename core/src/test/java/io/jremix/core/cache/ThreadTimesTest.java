package io.jremix.core.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ThreadTimesTest {
    private static final long MS = 1_000_000L;

    @Test
    void aThreadIsOnACoreForItsCpuTimeOverTheWallTime() {
        ThreadTimes t = new ThreadTimes(2);
        t.read(3, 0, 10 * MS);
        t.read(3, 400 * MS, 110 * MS);

        assertEquals(0.25, t.onCore(3), 1e-12);
    }

    @Test
    void aThreadNotReadLongEnoughCountsAsOnACoreAllTheTime() {
        ThreadTimes t = new ThreadTimes(2);
        assertEquals(1, t.onCore(1), "never read");
        t.read(1, 0, 0);
        t.read(1, 50 * MS, 0);
        assertEquals(1, t.onCore(1), "read over less than 100 ms");
        t.read(2, 0, -1);
        t.read(2, 500 * MS, -1);
        assertEquals(1, t.onCore(2), "a clock that cannot be read (a virtual thread)");
    }

    @Test
    void sharesStayWithinTheirBounds() {
        ThreadTimes t = new ThreadTimes(2);
        t.read(1, 0, 0);
        t.read(1, 200 * MS, 0);
        assertEquals(ThreadTimes.MIN_ON_CORE, t.onCore(1), "a clock that stood still");
        t.read(2, 0, 0);
        t.read(2, 200 * MS, 300 * MS);
        assertEquals(1, t.onCore(2), "CPU time read a little ahead of the wall clock");
    }

    @Test
    void threadsTogetherKeepAtMostTheMachinesCoresBusy() {
        ThreadTimes t = new ThreadTimes(2);
        t.read(1, 0, 0);
        t.read(1, 1000 * MS, 500 * MS);
        t.read(2, 0, 0);
        t.read(2, 1000 * MS, 300 * MS);

        assertEquals(0.8, t.onCore(List.of(1, 2)), 1e-12);
        assertEquals(2, t.onCore(List.of(1, 2, 5, 6)), "two threads never read count a core each, up to 2 cores");
        assertThrows(IllegalArgumentException.class, () -> new ThreadTimes(0));
    }
}
