package io.jremix.e2e.park;

import static io.jremix.e2e.park.ParkReports.blockers;
import static io.jremix.e2e.park.ParkReports.number;
import static io.jremix.e2e.park.ParkReports.parkedFrom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two bottleneck patterns of the J9 thesis, chapter 5, under {@code -XXgetparkcontention}. */
class ParkTest {
    private static final String WORKLOADS = "io.jremix.workloads.park.";
    private static final int THREADS = 8;
    private static final double S3 = 64;

    private static Jremix.Run large;
    private static Map<String, Object> largeReport;

    @BeforeAll
    static void runLargeCriticalSection() throws Exception {
        Path dir = Files.createTempDirectory("jremix-park");
        Path report = dir.resolve("park.json");
        large = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), WORKLOADS + "LargeCriticalSection",
                Integer.toString(THREADS), "2000");
        assertEquals(0, large.exit(), large.stderr());
        largeReport = Jremix.json(report);
        Files.delete(report);
        Files.delete(dir);
    }

    private static Map<String, Object> lock3() {
        Map<String, Object> lock3 = parkedFrom(blockers(largeReport), WORKLOADS + "LargeCriticalSection.section3");
        assertNotNull(lock3, large.stderr());
        return lock3;
    }

    @Test
    void largeCriticalSection_lock3HasTheHighestThreadTimeUtilisation() {
        List<Map<String, Object>> blockers = blockers(largeReport);
        assertEquals(lock3(), blockers.get(0), "blockers come by thread-time, lock 3 first:\n" + large.stderr());
        for (Map<String, Object> b : blockers.subList(1, blockers.size())) {
            assertTrue(number(lock3(), "threadTimeUtilPct") > number(b, "threadTimeUtilPct"), b.toString());
        }
        assertEquals("java.util.concurrent.locks.ReentrantLock$NonfairSync", lock3().get("className"));
        assertTrue(number(lock3(), "realLifeTimeUtilPct") > 75, "someone waits on lock 3 nearly all its life: " + lock3());
    }

    @Test
    void largeCriticalSection_avgHoldTimeIsTheCriticalSection() {
        double hold = number(lock3(), "avgHoldTimeMs");
        ParkReports.assertHoldIsTheSection(hold, S3, lock3().toString());
    }

    @Test
    void largeCriticalSection_allButTheHolderPileUpOnLock3() {
        long peak = (Long) lock3().get("peakParked");
        assertTrue(peak == THREADS - 1 || peak == THREADS, "peak parked " + peak);
        assertEquals(0L, lock3().get("parkedNow"), "everyone left at exit");
    }

    /** Each row's timeline, at most 120 buckets, peaks at its peak and adds up to its thread-time. */
    @Test
    @SuppressWarnings("unchecked")
    void timelinesAddUpToTheRows() {
        for (Map<String, Object> b : blockers(largeReport)) {
            Map<String, Object> t = (Map<String, Object>) b.get("timeline");
            List<Number> peaks = (List<Number>) t.get("peakParked");
            List<Number> means = (List<Number>) t.get("meanParked");
            assertTrue(!peaks.isEmpty() && peaks.size() <= 120 && means.size() == peaks.size(), t.toString());
            assertEquals(b.get("peakParked"), peaks.stream().mapToLong(Number::longValue).max().getAsLong(), b.toString());
            double bucketMs = number(t, "bucketMs");
            double threadMs = means.stream().mapToDouble(Number::doubleValue).sum() * bucketMs;
            // the means are rounded to 0.001 each
            assertEquals(number(b, "parkThreadTimeMs"), threadMs, 0.0005 * bucketMs * peaks.size() + 0.001, t.toString());
            assertTrue(number(t, "startMs") > -bucketMs && number(t, "startMs") < number(largeReport, "totalExecutionMs"),
                    t.toString());
        }
    }

    @Test
    void largeCriticalSection_firstParkIsOnAWorkerInTheWorkload() {
        List<String> stack = ParkReports.stack(lock3());
        assertTrue(stack.get(0).startsWith("java.base/java.util.concurrent.locks.LockSupport.park"), stack.toString());
        assertTrue(((String) lock3().get("threadName")).startsWith("worker-"), lock3().toString());
        List<String> table = ParkReports.textReport(large.stderrLines(), "exit");
        int row = ParkReports.rowLine(table, (String) lock3().get("identityHash"));
        assertTrue(row >= 0, String.join("\n", table));
        assertTrue(table.get(row + 1).trim().startsWith("[...] "), table.get(row + 1));
        assertTrue(table.get(row + 1).endsWith("= ReentrantLock, lock contention"), table.get(row + 1));
        assertEquals("ReentrantLock", lock3().get("synchronizer"));
        assertEquals("lock", lock3().get("waitKind"));
        // the workload is loaded from the class path: the application loader's frame
        String section3 = "app//" + WORKLOADS + "LargeCriticalSection.section3(";
        assertTrue(((String) lock3().get("userFrame")).startsWith(section3), lock3().toString());
        assertTrue(table.get(row + 2).trim().startsWith(section3), table.get(row + 2));
    }

    /**
     * The headline adds up the contention rows only, which come before the idle and signal rows, and no row is
     * jremix's own: not its threads ({@code jremix-...}), not its code (the agent starting up in {@code main}).
     */
    @Test
    @SuppressWarnings("unchecked")
    void contentionFirstInTheHeadline_andNoRowOfJremixsOwn() {
        List<Map<String, Object>> blockers = blockers(largeReport);
        long contentionParks = 0;
        boolean idleSeen = false;
        for (Map<String, Object> b : blockers) {
            boolean contention = List.of("lock", "pool", "condition").contains(b.get("waitKind"));
            assertTrue(contention || List.of("signal", "idle").contains(b.get("waitKind")), b.toString());
            assertTrue(!contention || !idleSeen, "a contention row after an idle or signal row: " + b);
            idleSeen |= !contention;
            contentionParks += contention ? (Long) b.get("timesParked") : 0;
            for (Map<String, Object> site : (List<Map<String, Object>>) b.get("sites")) {
                assertTrue(!((String) site.get("threadName")).startsWith("jremix-"), site.toString());
                assertTrue(ParkReports.stack(site).stream().noneMatch(f -> f.contains("io.jremix.agent.")
                        || f.contains("io.jremix.probe.")), site.toString());
            }
        }
        Map<String, Object> contention = (Map<String, Object>) largeReport.get("contention");
        assertEquals(contentionParks, contention.get("timesParked"), contention.toString());
        List<String> table = ParkReports.textReport(large.stderrLines(), "exit");
        assertTrue(table.get(1).startsWith("Contention (lock, pool and condition waits): ")
                && table.get(1).contains(" row" + (contention.get("rows").equals(1L) ? "" : "s") + ", " + contentionParks
                + " parks, "), table.get(1));
    }

    @Test
    void tableAndJsonAgree() {
        List<String> table = ParkReports.textReport(large.stderrLines(), "exit");
        // the table rounds the time to 2 decimals, the JSON to 3: rounding 2755.2449 twice would give 2755.25
        Matcher after = Pattern.compile("after (\\d+\\.\\d{2}) ms").matcher(table.get(0));
        assertTrue(after.find(), table.get(0));
        assertEquals(number(largeReport, "totalExecutionMs"), Double.parseDouble(after.group(1)), 0.0051,
                table.get(0) + " vs " + largeReport.get("totalExecutionMs"));
        List<List<String>> rows = ParkReports.rows(table);
        List<Map<String, Object>> blockers = blockers(largeReport);
        assertEquals(blockers.size(), rows.size(), String.join("\n", table));
        String[] keys = {"threadName", null, "className", "identityHash", "timesParked", "peakParked",
            "parkThreadTimeMs", "parkRealTimeMs", "avgParkTimeMs", "avgHoldTimeMs", "parkedNow", "realTimeUtilPct",
            "threadTimeUtilPct", "realLifeTimeUtilPct", "threadLifeTimeUtilPct"};
        for (int i = 0; i < rows.size(); i++) {
            for (int col = 0; col < keys.length; col++) {
                String cell = rows.get(i).get(col);
                Object json = blockers.get(i).get(keys[col]);
                if (keys[col] == null || cell.equals("-")) {
                    continue;
                }
                if (json instanceof Number n) {
                    assertEquals(Double.parseDouble(cell), n.doubleValue(), 0.006, keys[col] + " of row " + i);
                } else {
                    assertEquals(cell, json, keys[col] + " of row " + i);
                }
            }
        }
    }

    @Test
    void frequentlyAcquiredLock_lock1IsTheBottleneck(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report),
                WORKLOADS + "FrequentlyAcquiredLock", Integer.toString(THREADS), "2000", "8");
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> blockers = blockers(Jremix.json(report));
        Map<String, Object> lock1 = parkedFrom(blockers, WORKLOADS + "FrequentlyAcquiredLock.section1");
        assertNotNull(lock1, run.stderr());
        assertEquals(lock1, blockers.get(0), "lock 1 has the most thread-time:\n" + run.stderr());
        Map<String, Object> lock2 = parkedFrom(blockers, WORKLOADS + "FrequentlyAcquiredLock.section2");
        if (lock2 != null) {
            assertTrue(number(lock1, "threadTimeUtilPct") > number(lock2, "threadTimeUtilPct"));
            assertTrue(number(lock1, "timesParked") > number(lock2, "timesParked"));
        }
    }
}
