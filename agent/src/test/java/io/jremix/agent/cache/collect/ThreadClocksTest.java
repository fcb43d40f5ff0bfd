package io.jremix.agent.cache.collect;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;

import io.jremix.core.cache.ThreadTimes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadClocksTest {
    private static final long MS = 1_000_000L;

    @Test
    void theClocksAreReadAtMostEveryTick() {
        assumeTrue(ManagementFactory.getThreadMXBean().isThreadCpuTimeEnabled(), "this JVM measures no thread's CPU");
        ThreadClocks clocks = new ThreadClocks(new ThreadTimes(2));
        assertTrue(clocks.due(0));
        assertFalse(clocks.due(ThreadClocks.EVERY_MILLIS * MS - 1));
        assertTrue(clocks.due(ThreadClocks.EVERY_MILLIS * MS));
    }

    /** A thread that sleeps uses next to no CPU time, however busy the machine: it is off its core. */
    @Test
    void aSleepingThreadIsOffItsCore() throws InterruptedException {
        assumeTrue(ManagementFactory.getThreadMXBean().isThreadCpuTimeEnabled(), "this JVM measures no thread's CPU");
        ThreadTimes times = new ThreadTimes(2);
        ThreadClocks clocks = new ThreadClocks(times);
        CountDownLatch done = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        sleeper.start();
        long start = System.nanoTime();
        clocks.read(7, sleeper, start);
        Thread.sleep(300);
        clocks.read(7, sleeper, System.nanoTime());
        done.countDown();
        sleeper.join();

        assertTrue(times.onCore(7) < 0.5, "on a core " + times.onCore(7) + " of the time");
        assertEquals(1, times.onCore(8), "never read");
    }
}
