package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import javax.management.openmbean.CompositeData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports a service can be read by while it runs: the {@code -XX:REMIXReport} file rewritten at the end of every
 * re-armed detection window with its history, the park report every {@code interval}, and the MBeans in the domain
 * {@code io.jremix}, read over JMX from outside. Each is read while the program still runs, as often as the test
 * can, and parses every time (the writes are atomic).
 */
class LiveReportsTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    private static final String TALLY = SERVICE + "$Tally";
    private static final String SEMAPHORE = "java.util.concurrent.Semaphore$NonfairSync";

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> doc, String key) {
        return (List<Map<String, Object>>) doc.get(key);
    }

    private static boolean findsTally(Map<String, Object> window) {
        return list(window, "findings").stream().anyMatch(f -> f.get("className").equals(TALLY)
                && f.get("kind").equals("false-sharing") && f.get("fields").equals(List.of("value")));
    }

    /** Stops the service and checks its output, and that no MBean failed to register (a {@code JMX:} line). */
    private static void stopAndCheckOutput(LiveProgram service) throws IOException, InterruptedException {
        service.send("stop");
        Jremix.Run run = service.finish();
        AttachTest.assertServed(run);
        assertTrue(run.stderrLines().stream().noneMatch(l -> l.contains("JMX:")), run.stderr());
    }

    private static boolean isTally(CompositeData finding) {
        return finding.get("className").equals(TALLY) && finding.get("kind").equals("false-sharing")
                && Arrays.asList((String[]) finding.get("fields")).contains("value");
    }

    /**
     * The findings and the windows as a JMX client with no jremix class reads them, having started the program's
     * local management agent (no port of the program's) while it runs.
     */
    private static void assertDetectionMBeans(LiveProgram service) throws Exception {
        try (JmxReader jmx = JmxReader.attach(service.pid())) {
            CompositeData tally = jmx.awaitRow("CacheContention", "Findings", LiveReportsTest::isTally);
            assertTrue((Long) tally.get("lastSeenEpochMillis") >= (Long) tally.get("firstSeenEpochMillis"),
                    tally.toString());
            assertTrue((Long) tally.get("estimatedMisses") > 0, tally.toString());
            CompositeData window = jmx.await("DetectionWindows", "LastWindow", CompositeData.class, w -> true);
            assertTrue((Long) window.get("closedEpochMillis") >= (Long) window.get("openedEpochMillis"),
                    window.toString());
            assertTrue(jmx.await("DetectionWindows", "WindowCount", Integer.class, n -> n >= 1)
                    >= (Integer) window.get("number"));
            assertFalse(jmx.registered("ParkContention"), "no park profiling, no MBean of it");
        }
    }

    /** The park profiler's blockers over JMX, as {@link #assertDetectionMBeans} reads the detection's. */
    private static void assertParkMBean(LiveProgram service) throws Exception {
        try (JmxReader jmx = JmxReader.attach(service.pid())) {
            CompositeData semaphore = jmx.awaitRow("ParkContention", "TopBlockers",
                    r -> r.get("blockerClass").equals(SEMAPHORE));
            assertEquals("Semaphore", semaphore.get("synchronizer"));
            assertTrue((Long) semaphore.get("parks") > 0, semaphore.toString());
            assertTrue(((String) semaphore.get("site")).startsWith("app//" + SERVICE + "."), semaphore.toString());
            assertFalse(jmx.registered("CacheContention"), "no detection, no MBean of it");
        }
    }

    @Test
    void theDetectionReportGrowsAWindowHistoryWhileTheServiceRuns() throws Exception {
        Path report = dir.resolve("remix.json");
        List<String> options = new java.util.ArrayList<>(Jremix.REARMED_WINDOWS);
        options.add("-XX:REMIXReport=" + report);
        try (LiveProgram service = LiveProgram.start(options, SERVICE, "4")) {
            service.awaitLine("serving");
            Map<String, Object> first = service.awaitReport(report, d -> !list(d, "windowHistory").isEmpty());
            Map<String, Object> window1 = list(first, "windowHistory").get(0);
            assertEquals(1, ((Number) window1.get("number")).intValue());
            assertTrue(((Number) window1.get("seconds")).doubleValue() > 0, window1.toString());
            assertTrue(window1.get("openedAt") instanceof String, window1.toString());

            Map<String, Object> second = service.awaitReport(report, d -> list(d, "windowHistory").size() >= 2);
            assertEquals(List.of(1, 2), list(second, "windowHistory").stream().limit(2)
                    .map(w -> ((Number) w.get("number")).intValue()).toList());
            assertEquals(window1, list(second, "windowHistory").get(0), "an earlier window's entry stays as it was");

            // the kernel may keep the sharing threads on one core for a window: later windows get their chance
            Map<String, Object> found = service.awaitReport(report,
                    d -> list(d, "windowHistory").stream().anyMatch(LiveReportsTest::findsTally));
            Map<String, Object> firstFinding = list(found, "windowHistory").stream()
                    .filter(LiveReportsTest::findsTally).findFirst().orElseThrow();
            assertEquals(true, list(firstFinding, "findings").get(0).get("new"), firstFinding.toString());
            assertTrue(Jremix.findings(found).stream().anyMatch(f -> f.get("className").equals(TALLY)),
                    "the window's finding is among the run's findings");
            assertDetectionMBeans(service);
            service.awaitErrorLine("REMIX: Window 2, opened ");
            stopAndCheckOutput(service);
        }
        assertTrue(list(Jremix.json(report), "windowHistory").size() >= 2, "the report at exit keeps the history");
    }

    @Test
    void aPaddedServiceHasWindowsWithoutFindings() throws Exception {
        Path report = dir.resolve("remix.json");
        List<String> options = new java.util.ArrayList<>(Jremix.REARMED_WINDOWS);
        options.add("-XX:REMIXReport=" + report);
        try (LiveProgram service = LiveProgram.start(options, SERVICE, "4", "padded")) {
            service.awaitLine("serving");
            Map<String, Object> doc = service.awaitReport(report, d -> list(d, "windowHistory").size() >= 2);
            for (Map<String, Object> window : list(doc, "windowHistory")) {
                assertEquals(List.of(), window.get("findings"), window.toString());
                assertTrue(((Number) window.get("sampledAccesses")).longValue() > 0, "the window traced the service");
            }
            assertEquals(List.of(), Jremix.findings(doc));
            stopAndCheckOutput(service);
        }
    }

    @Test
    void theParkReportIsWrittenEveryIntervalWhileTheServiceRuns() throws Exception {
        Path report = dir.resolve("park.json");
        try (LiveProgram service = LiveProgram.start(
                List.of("-XXgetparkcontention:interval=1s,report=" + report), SERVICE, "2")) {
            service.awaitLine("serving");
            Map<String, Object> doc = service.awaitReport(report, d -> AttachTest.timesParked(d, SEMAPHORE) > 0);
            assertEquals("interval", doc.get("trigger"));
            assertEquals(1.0, ((Number) ((Map<?, ?>) doc.get("settings")).get("intervalSeconds")).doubleValue());
            long parked = AttachTest.timesParked(doc, SEMAPHORE);
            AttachTest.assertNoCountWentDown(doc,
                    service.awaitReport(report, d -> AttachTest.timesParked(d, SEMAPHORE) > parked));
            service.awaitErrorLine("PARK: Park contention at interval after ");
            assertParkMBean(service);
            stopAndCheckOutput(service);
        }
        assertEquals("exit", Jremix.json(report).get("trigger"), "no interval report after the one at exit");
    }
}
