package io.jremix.agent.cache.window;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.jremix.agent.feature.AgentLog;
import jdk.jfr.FlightRecorder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** JFR records only between {@code sample(true)} and a pause, each time with a recording and reader of its own. */
class ExecutionSamplesTest {
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private static volatile long sink;

    @Test
    void aRecordingRunsOnlyWhileSamplingAndItsSamplesReachTheHotClasses() throws Exception {
        assumeTrue(FlightRecorder.isAvailable());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        AgentLog log = new AgentLog(new PrintStream(err, true, StandardCharsets.UTF_8), "REMIX: ", false, true);
        HotClasses hot = new HotClasses(32);
        List<Thread> readers = new CopyOnWriteArrayList<>();
        ExecutionSamples samples = ExecutionSamples.create(hot, log, null, readers::add);
        AtomicBoolean running = new AtomicBoolean(true);
        Thread busy = new Thread(() -> {
            while (running.get()) {
                sink++;
            }
        });
        busy.start();
        try {
            assertEquals(List.of(), readers, "nothing recorded before sampling is asked for");
            samples.sample(true);
            samples.sample(true);
            assertEquals(1, readers.size(), "one recording while sampling");
            assertTrue(awaitSamples(hot), "no execution sample in 60 s: " + err);

            samples.sample(false);
            readers.get(0).join(WAIT_NANOS / 1_000_000);
            assertFalse(readers.get(0).isAlive(), "a pause ends the recording, and its reader");
            hot.take(); // what came before the pause

            samples.sample(true);
            assertEquals(2, readers.size(), "sampling again starts a recording of its own");
            assertTrue(awaitSamples(hot), "no execution sample in 60 s after the pause: " + err);
            samples.stop();
            readers.get(1).join(WAIT_NANOS / 1_000_000);
            assertFalse(readers.get(1).isAlive());
        } finally {
            running.set(false);
            busy.join();
            samples.stop();
        }
    }

    private static boolean awaitSamples(HotClasses hot) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (hot.take().samples() == 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
