package io.jremix.agent.cache.window;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.jremix.agent.feature.AgentLog;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.ProbeGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import io.jremix.agent.cache.CacheOptions;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bursts start from a thread of its own once the recording path is warmed up, and a window that closes ends them for
 * good; without bursts that thread only warms up, and the burst flag, which no probe of such a window reads, stays off.
 */
class TraceBurstsTest {
    private static final CacheOptions.Bursts ALL_THE_TIME = new CacheOptions.Bursts(0, 50_000_000);
    /** 20 ms bursts every 40 ms: no probe runs here to end one at its deadline, so a burst lasts until stopped. */
    private static final CacheOptions.Bursts LONG_BURSTS = new CacheOptions.Bursts(20_000_000, 40_000_000);
    private final AgentLog log = new AgentLog(new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8), "REMIX: ", false, true);

    @BeforeEach
    void openTheGate() {
        ProbeGate.set(true);
    }

    @AfterEach
    void closeTheGate() {
        CacheProbe.tracing(false);
        ProbeGate.set(false);
    }

    @Test
    void aClosingWindowEndsTheBurstsForGood() throws InterruptedException {
        TraceBursts bursts = new TraceBursts(LONG_BURSTS, log);
        bursts.start();
        long deadline = System.nanoTime() + 60_000_000_000L; // warm-up first, slow on a busy machine
        while (!CacheProbe.inBurst() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(CacheProbe.inBurst(), "a burst began once warmed up");

        bursts.stop();
        awaitThreadsEnded("jremix-trace-bursts");
        assertFalse(CacheProbe.inBurst(), "no burst after the window closed");
    }

    @Test
    void withoutBurstsTheThreadOnlyWarmsUp() throws InterruptedException {
        TraceBursts tracing = new TraceBursts(ALL_THE_TIME, log);
        tracing.start();
        awaitThreadsEnded("jremix-trace-start");
        assertFalse(CacheProbe.inBurst());
        tracing.stop();
    }

    private static void awaitThreadsEnded(String name) throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(name)) {
                t.join();
            }
        }
    }
}
