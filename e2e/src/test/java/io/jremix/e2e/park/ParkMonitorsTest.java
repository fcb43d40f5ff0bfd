package io.jremix.e2e.park;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code synchronized} contention in the park report: the large-critical-section pattern with monitors. */
class ParkMonitorsTest {
    private static final String WORKLOAD = "io.jremix.workloads.park.LargeSynchronizedSection";

    @Test
    @SuppressWarnings("unchecked")
    void theLargestSynchronizedSectionIsTheBottleneckInTheTableAndTheJson(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), WORKLOAD, "4", "3000");
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> monitors = (List<Map<String, Object>>) Jremix.json(report).get("monitors");
        Map<String, Object> top = monitors.get(0);
        assertTrue(((String) top.get("userFrame")).startsWith("app//" + WORKLOAD + ".large("), top.toString());
        double hold = ((Number) top.get("avgHoldTimeMs")).doubleValue();
        ParkReports.assertHoldIsTheSection(hold, 64, top.toString());
        assertTrue(((Number) top.get("peakBlocked")).longValue() >= 2, top.toString());
        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        int header = table.indexOf(table.stream().filter(l -> l.startsWith("Monitor contention (synchronized, from JFR)"))
                .findFirst().orElseThrow(() -> new AssertionError(run.stderr())));
        assertTrue(table.get(header + 2).contains((String) top.get("monitorAddress")), table.get(header + 2));
    }

    /**
     * Virtual threads (JDK 21+) waiting on a monitor: the monitor table marks them as the park table does, so that
     * they are not taken for platform threads.
     */
    @Test
    @SuppressWarnings("unchecked")
    void virtualThreadsWaitingOnAMonitorAreMarkedVirtual(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads are JDK 21+");
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report),
                "io.jremix.workloads.park.VirtualThreadLock", "16", "20", "synchronized");
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> counter = ((List<Map<String, Object>>) Jremix.json(report).get("monitors")).stream()
                .filter(m -> m.get("className").equals("io.jremix.workloads.park.VirtualThreadLock$Counter")).toList();
        assertFalse(counter.isEmpty(), "the virtual threads wait on the counter's monitor:\n" + run.stderr());
        for (Map<String, Object> m : counter) {
            assertTrue(((String) m.get("threadName")).startsWith("virtual VirtualThreadLock-"), m.toString());
        }
        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        List<String> monitorRows = table.subList(table.indexOf(table.stream()
                .filter(l -> l.startsWith("Monitor contention")).findFirst().orElseThrow()), table.size());
        assertTrue(monitorRows.stream().anyMatch(l -> l.startsWith("virtual VirtualThreadLock-")
                && l.contains("VirtualThreadLock$Counter")), String.join("\n", table));
    }
}
