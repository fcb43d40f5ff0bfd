package io.jremix.probe.cache;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CacheProbeTest {
    @AfterEach
    void endTheBurst() {
        CacheProbe.tracing(false);
        ProbeGate.set(false);
    }

    @Test
    void aBurstCountsOnlyWhileTheGateIsOpen() {
        CacheProbe.tracing(true);
        assertFalse(CacheProbe.inBurst(), "the gate is shut: duplicated bodies stay in their own code");

        ProbeGate.set(true);
        assertTrue(CacheProbe.inBurst());

        ProbeGate.set(false);
        assertFalse(CacheProbe.inBurst(), "a window that closed mid-burst");
    }
}
