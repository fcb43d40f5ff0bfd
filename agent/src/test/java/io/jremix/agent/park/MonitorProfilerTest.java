package io.jremix.agent.park;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import example.Contention;
import io.jremix.agent.feature.AgentLog;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.WaitKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The profiler in this JVM, on blocked enters and waits made by {@link Contention}. */
class MonitorProfilerTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private MonitorProfiler profiler;

    @BeforeEach
    void start() {
        profiler = MonitorProfiler.start(new AgentLog(new PrintStream(err, true, StandardCharsets.UTF_8), "jremix: ", false, false), null);
        assertNotNull(profiler, err.toString(StandardCharsets.UTF_8));
    }

    @AfterEach
    void close() {
        profiler.close();
    }

    private static List<MonitorSnapshot> of(List<MonitorSnapshot> all, Class<?> c) {
        return all.stream().filter(m -> m.className().equals(c.getName())).toList();
    }

    @Test
    void blockedEnter_andWait_areReportedApart_perMonitor() throws InterruptedException {
        Contention.blockOn(new Contention.Held(), "blocked-enter");
        Contention.waitOn(10);

        profiler.close();
        List<MonitorSnapshot> all = profiler.snapshot();

        List<MonitorSnapshot> held = of(all, Contention.Held.class);
        assertEquals(1, held.size(), all.toString());
        MonitorSnapshot h = held.get(0);
        assertEquals(1, h.enters().timesParked());
        assertEquals(0, h.enters().parkedNow());
        assertTrue(h.enters().parkThreadTimeNanos() > 0);
        assertEquals("blocked-enter", h.enters().threadName());
        String top = h.enters().stackTrace().get(0);
        assertTrue(top.matches("app//example\\.Contention\\.enter\\(line:\\d+\\)"), top);
        assertEquals(0, h.waits().timesParked());

        List<MonitorSnapshot> waited = of(all, Contention.Waited.class);
        assertEquals(1, waited.size(), all.toString());
        MonitorSnapshot w = waited.get(0);
        assertEquals(0, w.enters().timesParked());
        assertEquals(1, w.waits().timesParked());
        assertEquals(Thread.currentThread().getName(), w.waits().threadName());
        assertTrue(w.waits().stackTrace().get(0).startsWith("java.base/java.lang.Object.wait"), w.waits().stackTrace().toString());
        assertEquals(WaitKind.CONDITION, w.waitKind());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void twoObjects_areTwoMonitors_andCloseIsIdempotent() throws InterruptedException {
        Contention.Held first = new Contention.Held();
        Contention.Held second = new Contention.Held();
        Contention.blockOn(first, "first");
        Contention.blockOn(second, "second");

        profiler.close();
        List<MonitorSnapshot> once = profiler.snapshot();
        profiler.close();

        assertEquals(2, of(once, Contention.Held.class).size(), once.toString());
        assertEquals(once, profiler.snapshot());
    }

    @Test
    void snapshot_whileRunning_showsEventsOnceJfrHasDeliveredThem() throws InterruptedException {
        Contention.blockOn(new Contention.Held(), "live");

        long deadline = System.nanoTime() + 30_000_000_000L;
        while (of(profiler.snapshot(), Contention.Held.class).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "never delivered");
            Thread.sleep(50);
        }
    }

    @Test
    void catchUp_bringsInWhatEndedRightBefore_andCountFromNow_forgetsWhatCameBefore() throws InterruptedException {
        Contention.blockOn(new Contention.Held(), "before");
        profiler.countFromNow();
        Contention.blockOn(new Contention.Held(), "after");
        assertTrue(profiler.catchUp(), err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("after"), of(profiler.snapshot(), Contention.Held.class).stream()
                .map(m -> m.enters().threadName()).toList());
    }

    @Test
    void blockingInJremixsOwnCode_isLeftOut() throws InterruptedException {
        Object mine = new Object();
        Contention.blockOn(mine, "jremix-internal", () -> {
            synchronized (mine) {
                mine.hashCode();
            }
        });

        profiler.close();

        assertTrue(profiler.snapshot().stream().noneMatch(m -> "jremix-internal".equals(m.enters().threadName())),
                profiler.snapshot().toString());
    }
}
