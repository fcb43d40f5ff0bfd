package io.jremix.agent.jmx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import io.jremix.core.cache.WindowHistory;
import io.jremix.core.park.ParkOrigin;
import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSite;
import io.jremix.report.park.ParkRun;
import org.junit.jupiter.api.Test;

/**
 * The beans as a JMX client without jremix's classes sees them: registered in a server of their own, every attribute
 * comes out as open data ({@code CompositeData}, arrays of strings, numbers) under the names docs/fleet.md lists.
 */
class OpenTypesTest {
    private static final long S = 1_000_000_000L;
    private static final String PROGRAM_FRAME = "app//demo.Orders.take(Orders.java:42)";

    private final MBeanServer server = MBeanServerFactory.newMBeanServer();

    private Object read(Object bean, String attribute) throws Exception {
        ObjectName name = new ObjectName(JmxBeans.DOMAIN, "type", bean.getClass().getSimpleName());
        if (!server.isRegistered(name)) {
            server.registerMBean(bean, name);
        }
        return server.getAttribute(name, attribute);
    }

    /** A table's rows in its order. */
    private static List<CompositeData> rows(Object table) {
        return ((TabularData) table).values().stream().map(CompositeData.class::cast).toList();
    }

    private static Finding finding(String cls, long firstMissNanos) {
        return new Finding(SharingKind.FALSE_SHARING, cls, Datum.Kind.FIELD, List.of("head", "tail"), 2000, 200, true,
                List.of(), List.of(), List.of("demo.Queue.offer:12"), 5e5, firstMissNanos, firstMissNanos + S,
                Map.of(), List.of(), 0.25);
    }

    @Test
    void aFindingIsCompositeDataWithItsClassFieldsAndWhenItWasSeen() throws Exception {
        long first = System.nanoTime() - 10 * S;
        Finding f = finding("demo.Queue", first);
        WindowHistory history = new WindowHistory();
        history.opened(0, first - S, 0, 0, List.of());
        history.closed(first + 2 * S, 1000, 200, List.of(f), List.of());
        long before = System.currentTimeMillis();
        TabularData table = (TabularData) read(new CacheContention(() -> List.of(f), history), "Findings");
        long after = System.currentTimeMillis();

        List<CompositeData> rows = rows(table);
        assertEquals(1, rows.size());
        CompositeData row = rows.get(0);
        assertEquals(Set.of("className", "kind", "location", "fields", "fieldNames", "estimatedMisses",
                "missesPerSecond", "costSharePercent", "repairable", "site", "sites", "firstSeenEpochMillis",
                "lastSeenEpochMillis"), row.getCompositeType().keySet(), "the documented names");
        assertEquals(List.of("className", "kind", "location", "fieldNames", "site"),
                table.getTabularType().getIndexNames(), "the exporter's labels");
        assertEquals("head,tail", row.get("fieldNames"));
        assertEquals("demo.Queue.offer:12", row.get("site"));
        assertEquals("demo.Queue", row.get("className"));
        assertEquals("false-sharing", row.get("kind"));
        assertEquals("field", row.get("location"));
        assertArrayEquals(new String[] {"head", "tail"}, (String[]) row.get("fields"));
        assertEquals(2000L, row.get("estimatedMisses"));
        assertEquals(25.0, (Double) row.get("costSharePercent"), 1e-9);
        long firstSeen = (Long) row.get("firstSeenEpochMillis");
        long lastSeen = (Long) row.get("lastSeenEpochMillis");
        assertEquals(2000, lastSeen - firstSeen, 1, "the end of the window with its misses");
        assertEquals(before - 10_000, firstSeen, after - before + 1);
        assertEquals(1, read(new CacheContention(() -> List.of(f), history), "FindingCount"));
    }

    @Test
    void aFindingWithMissesInTheOpenWindowIsSeenNow() throws Exception {
        long first = System.nanoTime() - 10 * S;
        WindowHistory history = new WindowHistory();
        history.opened(0, first, 0, 0, List.of());
        long before = System.currentTimeMillis();
        CompositeData row = rows(read(new CacheContention(() -> List.of(finding("demo.Queue", first)), history),
                "Findings")).get(0);
        assertEquals(before, (Long) row.get("lastSeenEpochMillis"), System.currentTimeMillis() - before + 1);
    }

    @Test
    void listsStopAtMaxRowsAndTheCountSaysHowManyThereAre() throws Exception {
        List<Finding> many = IntStream.range(0, JmxBeans.MAX_ROWS + 5).mapToObj(i -> finding("demo.C" + i, 0)).toList();
        CacheContention bean = new CacheContention(() -> many, new WindowHistory());
        List<CompositeData> rows = rows(read(bean, "Findings"));
        assertEquals(JmxBeans.MAX_ROWS, rows.size());
        assertEquals("demo.C0", rows.get(0).get("className"), "the report's order");
        assertEquals(JmxBeans.MAX_ROWS + 5, read(bean, "FindingCount"));
    }

    @Test
    void aRowAboutWhatAnEarlierRowIsAboutIsLeftOut() throws Exception {
        Finding first = finding("demo.Queue", 0);
        Finding same = new Finding(SharingKind.FALSE_SHARING, "demo.Queue", Datum.Kind.FIELD, List.of("head", "tail"),
                10, 1, true, List.of(), List.of(), List.of("demo.Queue.offer:12"), 5, 0, S, Map.of(), List.of(), 0.01);
        CacheContention bean = new CacheContention(() -> List.of(first, same), new WindowHistory());
        List<CompositeData> rows = rows(read(bean, "Findings"));
        assertEquals(1, rows.size(), "one series per class, kind, location, fields and site");
        assertEquals(2000L, rows.get(0).get("estimatedMisses"), "the higher-ranked row");
        assertEquals(2, read(bean, "FindingCount"));
    }

    @Test
    void theLastClosedWindowSaysWhatItFound() throws Exception {
        WindowHistory history = new WindowHistory();
        DetectionWindows bean = new DetectionWindows(() -> true, () -> 1, history);
        assertNull(read(bean, "LastWindow"), "none closed yet");
        assertEquals(true, read(bean, "Open"));

        history.opened(1_000, 0, 0, 0, List.of());
        history.closed(3 * S, 500, 40, List.of(finding("demo.Queue", 0)), List.of());
        CompositeData last = (CompositeData) read(bean, "LastWindow");
        assertEquals(1, last.get("number"));
        assertEquals(1_000L, last.get("openedEpochMillis"));
        assertEquals(4_000L, last.get("closedEpochMillis"));
        assertEquals(1, last.get("findings"));
        assertEquals(1, last.get("newFindings"));
        assertArrayEquals(new String[] {"demo.Queue"}, (String[]) last.get("findingClasses"));
        assertEquals(-1L, last.get("costMillis"), "not known until the next window opens");
        assertEquals(1, read(bean, "WindowCount"));
    }

    @Test
    void aParkBlockerCarriesItsKindCountsAndProgramSite() throws Exception {
        ParkRecord r = new ParkRecord("java.util.concurrent.locks.ReentrantLock$NonfairSync", 7, 0);
        ParkSite site = new ParkSite(new ParkOrigin("worker-1", List.of(
                "java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)", PROGRAM_FRAME)));
        r.addSite(site);
        for (int i = 0; i < 3; i++) {
            site.parking();
            r.parking(i * S, site);
            r.parking(i * S, site);
            r.unparked(i * S + S / 2);
            site.unparked(S / 2);
            r.unparked(i * S + S / 2);
            site.unparked(S / 2);
        }
        List<ParkRun.Blocker> blockers = new ArrayList<>(List.of(new ParkRun.Blocker(r.snapshot(), false)));
        ParkRun run = new ParkRun("jmx", 0, 10 * S, new ParkRun.Settings(0, 0, false, 10, 0), blockers, 0, 0, 100_000,
                0, List.of());
        ParkContention bean = new ParkContention(() -> run);
        List<CompositeData> rows = rows(read(bean, "TopBlockers"));

        assertEquals(1, rows.size());
        CompositeData row = rows.get(0);
        assertEquals("ReentrantLock", row.get("synchronizer"));
        assertEquals("lock", row.get("waitKind"));
        assertEquals(true, row.get("contention"));
        assertEquals(6L, row.get("parks"));
        assertEquals(3000.0, (Double) row.get("parkThreadTimeMillis"), 1e-6);
        assertEquals(30.0, (Double) row.get("threadTimeUtilPercent"), 1e-6);
        assertEquals(PROGRAM_FRAME, row.get("site"));
        assertArrayEquals(new String[] {PROGRAM_FRAME}, (String[]) row.get("sites"));
        assertEquals(1, read(bean, "RowCount"));
        assertEquals(10.0, read(bean, "SpanSeconds"));
    }

    @Test
    void aBlockerParkedOnlyInTheJdkHasNoSite() throws Exception {
        ParkRecord r = new ParkRecord("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", 9, 0);
        ParkSite site = new ParkSite(new ParkOrigin("pool-1", List.of(
                "java.base/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take("
                        + "ScheduledThreadPoolExecutor.java:1170)")));
        r.addSite(site);
        site.parking();
        r.parking(0, site);
        ParkRun run = new ParkRun("jmx", 0, S, new ParkRun.Settings(0, 0, false, 10, 0),
                List.of(new ParkRun.Blocker(r.snapshot(), false)), 0, 0, 100_000, 0, List.of());
        CompositeData row = rows(read(new ParkContention(() -> run), "TopBlockers")).get(0);
        assertEquals("", row.get("site"));
        assertArrayEquals(new String[0], (String[]) row.get("sites"));
    }
}
