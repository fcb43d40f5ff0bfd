package io.jremix.agent.cache.window;

import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** When the budget lets the next window open, from a meter the test drives; and what the JVM's meter reads. */
class WindowBudgetTest {
    private static final long S = 1_000_000_000L;

    /** Compilation and jremix's CPU as running totals, moved by the test. */
    private static final class Totals implements WindowBudget.Meter {
        long compilation;
        long cpu;

        @Override
        public long compilationNanos() {
            return compilation;
        }

        @Override
        public long jremixCpuNanos() {
            return cpu;
        }
    }

    private final Totals totals = new Totals();

    /** Samples every second from {@code from} to {@code to} seconds while the JIT compiles {@code rate} s a second. */
    private void quiet(WindowBudget budget, long from, long to, double rate) {
        for (long t = from; t <= to; t++) {
            budget.sample(t * S);
            totals.compilation += (long) (rate * S);
        }
    }

    @Test
    void aWindowThatCostTenSecondsHoldsTheNextBackUntilTheyAreTwoPercentOfTheTimeSinceItOpened() {
        WindowBudget budget = new WindowBudget(2, totals);
        budget.opened(0, true);
        totals.compilation += 9 * S; // recompiling what the window retransformed
        totals.cpu += S;
        budget.closed(2 * S);

        assertEquals(10 * S, budget.charged(60 * S));
        assertFalse(budget.allows(60 * S), "10 s is 17% of a minute");
        assertFalse(budget.allows(499 * S));
        assertTrue(budget.allows(500 * S), "2% of 500 s");
        assertTrue(budget.allowsWithin(490 * S, 10 * S), "due within 10 s: JFR samples the classes for it");
        assertFalse(budget.allowsWithin(489 * S, 10 * S));
    }

    @Test
    void theProgramsOwnCompilationIsNotCharged() {
        WindowBudget budget = new WindowBudget(2, totals);
        budget.opened(0, false);
        budget.closed(2 * S);
        quiet(budget, 2, 60, 0.05); // the program compiles 50 ms a second on its own
        budget.opened(60 * S, true);
        totals.compilation += 3 * S; // the window's own
        budget.closed(62 * S);
        quiet(budget, 62, 200, 0.05);

        long charged = budget.charged(200 * S);
        assertTrue(Math.abs(charged - 3 * S) < S / 10, "the window's 3 s, not the program's 7 s: " + charged);
        assertTrue(budget.allows(210 * S));
    }

    @Test
    void aBackgroundMeasuredWhileTheProgramWarmedUpIsCorrectedByAQuieterSpanAfterTheWindow() {
        WindowBudget budget = new WindowBudget(2, totals);
        budget.opened(0, false);
        budget.closed(2 * S);
        quiet(budget, 2, 20, 0.5); // still warming up: half of every second compiling
        budget.opened(20 * S, true);
        totals.compilation += 5 * S;
        budget.closed(22 * S);
        quiet(budget, 22, 40, 0);

        assertTrue(budget.charged(40 * S) >= 5 * S, "warm-up was no background: " + budget.charged(40 * S));
        assertFalse(budget.allows(40 * S));
    }

    @Test
    void theWindowThatOpensWithTheProgramIsNotChargedAndABudgetOfZeroHoldsNothingBack() {
        WindowBudget atStart = new WindowBudget(2, totals);
        atStart.opened(0, false);
        totals.compilation += 30 * S; // start-up, probes and all
        atStart.closed(2 * S);
        assertEquals(0, atStart.charged(60 * S), "the window that opens with the program");
        assertTrue(atStart.allows(60 * S), "nothing compiled since it closed");

        WindowBudget none = new WindowBudget(0, totals);
        none.opened(0, true);
        totals.compilation += 30 * S;
        assertTrue(none.allows(10 * S), "a budget of 0 lets every window open on time");
        assertEquals(30 * S, none.charged(10 * S), "and still meters them, for the report");
    }

    @Test
    void whatTheProgramCompiledWarmingUpAfterTheFirstWindowHoldsTheSecondBackUntilItIsTwoPercentOfTheTime() {
        WindowBudget budget = new WindowBudget(2, totals);
        budget.opened(0, false);
        budget.closed(2 * S);
        quiet(budget, 2, 40, 0.25); // warming up: 9.5 s of compilation
        quiet(budget, 41, 470, 0.01); // warmed up: 10 ms a second of its own

        long expected = budget.expected(470 * S);
        assertTrue(Math.abs(expected - 9.5 * S) < S / 2, "the warm-up beyond 10 ms a second: " + expected);
        assertEquals(0, budget.charged(470 * S), "an estimate, not a charge");
        assertFalse(budget.allows(60 * S), "9.5 s is 16% of a minute");
        assertFalse(budget.allows(450 * S));
        assertTrue(budget.allows(490 * S), "2% of 490 s");
    }

    @Test
    void aProgramThatCompilesSteadilyWaitsOnlyForItsOwnRateToBeMeasured() {
        WindowBudget budget = new WindowBudget(2, totals);
        budget.opened(0, false);
        budget.closed(2 * S);
        quiet(budget, 2, 60, 0.05); // 50 ms a second, more than the budget's share, from the window's close on

        assertTrue(budget.expected(60 * S) < S / 10, "its own rate is no cost of a window: " + budget.expected(60 * S));
        assertTrue(budget.allows(60 * S));
    }

    @Test
    void withoutAWholeSpanBetweenWindowsAllCompilationIsCharged() {
        WindowBudget budget = new WindowBudget(50, totals);
        budget.opened(0, false);
        budget.closed(2 * S);
        quiet(budget, 2, 5, 1); // a REMIXRearm shorter than the span: the JIT was busy with the last window
        budget.opened(5 * S, true);
        totals.compilation += 2 * S;

        assertEquals(2 * S, budget.charged(7 * S));
        assertFalse(budget.allows(7 * S));
        assertTrue(budget.allows(9 * S));
    }

    /** The JFR reader thread ends as sampling stops at exit, just before the last window is costed. */
    @Test
    void aWatchedThreadThatEndedKeepsTheCpuItUsed() throws InterruptedException {
        var management = java.lang.management.ManagementFactory.getThreadMXBean();
        assumeTrue(management.isThreadCpuTimeSupported() && management.isThreadCpuTimeEnabled());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            while (management.getCurrentThreadCpuTime() < 20_000_000) { // 20 ms of CPU
                Thread.onSpinWait();
            }
            busy.countDown();
            awaitQuietly(end);
        });
        WindowBudget.JvmMeter meter = new WindowBudget.JvmMeter();
        meter.watch(worker);
        worker.start();
        busy.await();
        long whileRunning = meter.jremixCpuNanos();
        end.countDown();
        worker.join();

        assertTrue(whileRunning >= 20_000_000, whileRunning + " ns");
        assertTrue(meter.jremixCpuNanos() >= whileRunning, meter.jremixCpuNanos() + " ns after it ended");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
