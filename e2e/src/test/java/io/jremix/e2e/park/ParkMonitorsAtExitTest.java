package io.jremix.e2e.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short program's monitor contention is in the exit report every time. Before jremix took JFR's shutdown hook
 * over, JFR's hook could stop the recording and delete its last chunk before the monitor stream read it: 4 of 20
 * runs of this program lost every monitor record, without a warning.
 */
class ParkMonitorsAtExitTest {
    private static final int RUNS = 10;
    private static final String WORKLOAD = "io.jremix.workloads.park.HoldTimes";

    @Test
    @SuppressWarnings("unchecked")
    void aShortRunsMonitorRecordsAreAlwaysReported(@TempDir Path dir) throws Exception {
        for (int i = 0; i < RUNS; i++) {
            Path report = dir.resolve("park-" + i + ".json");
            // 3 threads take one monitor for 5 ms each, for 0.2 s: all its events are in JFR's last chunk
            Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), WORKLOAD, "monitor",
                    "3", "5", "200");
            assertEquals(0, run.exit(), run.stderr());
            List<Map<String, Object>> monitors = (List<Map<String, Object>>) Jremix.json(report).get("monitors");
            assertTrue(monitors.stream().anyMatch(m -> String.valueOf(m.get("userFrame")).startsWith("app//" + WORKLOAD + ".")
                    && ((Number) m.get("contendedEnters")).longValue() > 0), "run " + i + ": " + run.stderr());
            assertTrue(!run.stderr().contains("Monitor profiling:"), run.stderr());
        }
    }
}
