package io.jremix.core.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** Intervals in milliseconds for readability, scaled to nanoseconds. */
class MonitorTableTest {
    private static final long MS = 1_000_000;
    private static final Supplier<ParkOrigin> ORIGIN = () -> new ParkOrigin("worker-0",
            List.of("app.Counter.add(line:12)", "app.Main.run(line:30)"));

    private static void enter(MonitorTable t, String className, long address, long startMs, long endMs) {
        t.blockedEnter(className, address, startMs * MS, endMs * MS, ORIGIN);
    }

    @Test
    void constructor_rejectsANegativeLag() {
        assertThrows(IllegalArgumentException.class, () -> new MonitorTable(-1));
    }

    @Test
    void entersAndWaits_areKeptApart() {
        MonitorTable t = new MonitorTable(0);
        enter(t, "app.Counter", 0x7f00, 0, 10);
        enter(t, "app.Counter", 0x7f00, 5, 15);
        t.waited("app.Counter", 0x7f00, 20 * MS, 50 * MS, ORIGIN);

        List<MonitorSnapshot> all = t.snapshot();
        assertEquals(1, all.size());
        MonitorSnapshot m = all.get(0);
        assertEquals("app.Counter", m.className());
        assertEquals("7f00", m.monitorAddress());
        assertEquals(2, m.enters().timesParked());
        assertEquals(2, m.enters().peakParked());
        assertEquals(20 * MS, m.enters().parkThreadTimeNanos());
        assertEquals(1, m.waits().timesParked());
        assertEquals(30 * MS, m.waits().parkThreadTimeNanos());
        assertEquals("worker-0", m.enters().threadName());
        assertEquals(0, m.enters().identityHash(), "JFR gives no identity hash");
    }

    @Test
    void countFromNow_forgetsWhatCameBefore_andIgnoresIntervalsStartedBefore() {
        MonitorTable t = new MonitorTable(0);
        enter(t, "app.Counter", 0x7f00, 0, 10);
        t.waited("app.Counter", 0x7f00, 5 * MS, 12 * MS, ORIGIN);
        t.delivered();
        assertEquals(20 * MS, t.countFromNow(() -> 20 * MS));
        assertEquals(List.of(), t.snapshot(), "given before counting started");

        enter(t, "app.Counter", 0x7f00, 15, 25); // in progress when counting started: not counted, as a park
        t.waited("app.Counter", 0x7f00, 19 * MS, 30 * MS, ORIGIN);
        enter(t, "app.Counter", 0x7f00, 20, 30);
        enter(t, "app.Counter", 0x7f00, 40, 45);
        List<MonitorSnapshot> all = t.snapshot();
        assertEquals(1, all.size());
        assertEquals(2, all.get(0).enters().timesParked());
        assertEquals(15 * MS, all.get(0).enters().parkThreadTimeNanos());
        assertEquals(0, all.get(0).waits().timesParked());
    }

    @Test
    void monitors_areKeyedByClassAndAddress() {
        MonitorTable t = new MonitorTable(0);
        enter(t, "app.A", 0x10, 0, 1);
        enter(t, "app.B", 0x10, 0, 1);
        enter(t, "app.A", 0x20, 0, 1);
        enter(t, "app.A", 0x10, 2, 3);

        assertEquals(3, t.snapshot().size());
    }

    @Test
    void snapshot_putsTheMostBlockedThreadTimeFirst_thenTheMostWaiting() {
        MonitorTable t = new MonitorTable(0);
        t.waited("app.Idle", 1, 0, 500 * MS, ORIGIN);
        enter(t, "app.Small", 2, 0, 10);
        enter(t, "app.Large", 3, 0, 90);
        t.waited("app.Idler", 4, 0, 900 * MS, ORIGIN);

        assertEquals(List.of("app.Large", "app.Small", "app.Idler", "app.Idle"),
                t.snapshot().stream().map(MonitorSnapshot::className).toList());
    }

    @Test
    void delivered_appliesWhatIsOlderThanTheLagBehindTheLatestEnd() {
        MonitorTable t = new MonitorTable(100 * MS);
        enter(t, "app.A", 1, 0, 10);
        enter(t, "app.A", 1, 200, 300);

        t.delivered();

        assertEquals(2, t.pendingPoints(), "watermark 300 - 100: the second interval waits");
    }

    @Test
    void anIntervalShorterThanTheLag_arrivingLate_isNotClamped() {
        MonitorTable t = new MonitorTable(100 * MS);
        enter(t, "app.A", 1, 0, 300);
        t.delivered();

        enter(t, "app.A", 1, 250, 320);

        MonitorSnapshot m = t.snapshot().get(0);
        assertEquals(0, m.clampedNanos());
        assertEquals(2, m.enters().peakParked());
        assertEquals(370 * MS, m.enters().parkThreadTimeNanos());
    }

    @Test
    void anIntervalLongerThanTheLag_arrivingLate_isClampedAndSaysSo() {
        MonitorTable t = new MonitorTable(100 * MS);
        enter(t, "app.A", 1, 0, 300);
        t.delivered();

        enter(t, "app.A", 1, 150, 320);

        MonitorSnapshot m = t.snapshot().get(0);
        assertEquals(50 * MS, m.clampedNanos());
        assertEquals((300 + 120) * MS, m.enters().parkThreadTimeNanos());
    }

    @Test
    void delivered_beforeAnyInterval_doesNothing() {
        MonitorTable t = new MonitorTable(0);
        t.delivered();

        assertEquals(List.of(), t.snapshot());
    }
}
