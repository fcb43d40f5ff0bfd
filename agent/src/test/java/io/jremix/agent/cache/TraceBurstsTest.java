package io.jremix.agent.cache;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.jremix.agent.AgentLog;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.ProbeGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tracing all the time starts from a thread of its own once the recording path is warmed up, and a window that
 * closes first leaves it off.
 */
class TraceBurstsTest {
    private static final CacheOptions.Bursts ALL_THE_TIME = new CacheOptions.Bursts(0, 50_000_000);
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
    void withoutBurstsTracingStartsOnceWarmedUpAndStopsWithTheWindow() throws InterruptedException {
        TraceBursts tracing = new TraceBursts(ALL_THE_TIME, log);
        tracing.start();
        awaitStartThreadsEnded();
        assertTrue(CacheProbe.inBurst(), "tracing on once the thread that starts it is done");

        tracing.stop();
        assertFalse(CacheProbe.inBurst());
    }

    @Test
    void aWindowStoppedBeforeTracingStartedLeavesItOff() throws InterruptedException {
        TraceBursts tracing = new TraceBursts(ALL_THE_TIME, log);
        tracing.start();
        tracing.stop();
        awaitStartThreadsEnded();
        assertFalse(CacheProbe.inBurst(), "the thread that starts tracing turned it on after the window stopped");
    }

    private static void awaitStartThreadsEnded() throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("jremix-trace-start")) {
                t.join();
            }
        }
    }
}
