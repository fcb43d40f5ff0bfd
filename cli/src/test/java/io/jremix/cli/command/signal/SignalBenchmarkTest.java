package io.jremix.cli.command.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SignalBenchmarkTest {

    @ParameterizedTest
    @EnumSource(Mechanism.class)
    void everySignalIsTimedOnBothSidesAndPercentilesAreOrdered(Mechanism mechanism) throws Exception {
        SignalResult r = new SignalBenchmark(2_000, 0.05, 0.2).run(mechanism, 2);

        assertEquals(mechanism, r.mechanism());
        assertEquals(2, r.pairs());
        // 400 measured signals per pair, none lost: the waiter sees every sequence number
        for (LatencyStats s : new LatencyStats[] {r.callCost(), r.wakeup(), r.wakeupFromSend()}) {
            assertEquals(800, s.samples(), s.toString());
            long[] v = s.values();
            for (int i = 1; i < v.length; i++) {
                assertTrue(v[i - 1] <= v[i], LatencyStats.PERCENTILES[i - 1] + " <= " + LatencyStats.PERCENTILES[i] + ": " + s);
            }
            assertTrue(s.max() > 0, s.toString());
        }
        assertTrue(r.wakeup().p50() >= r.wakeupFromSend().p50() - r.wakeupFromSend().p50() / 100,
                "a signal is never sent before it is due, so the corrected latency is not smaller: " + r);
    }
}
