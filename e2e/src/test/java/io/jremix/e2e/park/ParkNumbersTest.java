package io.jremix.e2e.park;

import static io.jremix.e2e.park.ParkReports.blockers;
import static io.jremix.e2e.park.ParkReports.ofClass;
import static io.jremix.e2e.park.ParkReports.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hold times checked against programs that time their own holds ({@code HoldTimes}), and a lock's parks split by
 * call site ({@code TwoSites}). The holds are 20 ms sleeps: the programs' own means drift up on a busy machine (a
 * sleep overshoots), jremix's estimate keeps the single holds (see {@code HoldSamples}), so the two are compared
 * as a ratio within [{@value #LOW}, {@value #HIGH}]. The estimates they replace were off by the factors this
 * range excludes: a third for a semaphore of three permits, 2.6–4.2 times for a monitor whose releaser re-enters.
 */
class ParkNumbersTest {
    private static final String WORKLOADS = "io.jremix.workloads.park.";
    private static final double LOW = 0.6;
    private static final double HIGH = 1.5;
    private static final Pattern MEASURED = Pattern.compile("HoldTimes \\w+ holds=(\\d+) meanHoldMs=([0-9.]+)");

    @TempDir
    Path dir;

    /** Runs {@code HoldTimes kind} with 4 threads, 20 ms holds, for 2 s and 3 permits; returns the JSON report. */
    private Map<String, Object> holdTimes(String kind, double[] measured) throws Exception {
        Path report = dir.resolve(kind + ".json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), WORKLOADS + "HoldTimes",
                kind, "4", "20", "2000", "3");
        assertEquals(0, run.exit(), run.stderr());
        Matcher m = MEASURED.matcher(run.stdout());
        assertTrue(m.find(), run.stdout());
        measured[0] = Double.parseDouble(m.group(2));
        return Jremix.json(report);
    }

    private static void assertClose(double measured, Object estimate, String what) {
        assertNotNull(estimate, what + ": no hold measured");
        double ratio = ((Number) estimate).doubleValue() / measured;
        assertTrue(ratio >= LOW && ratio <= HIGH, what + ": jremix " + estimate + " ms, the program " + measured
                + " ms (ratio " + ratio + ")");
    }

    private static Map<String, Object> onlyOfClass(Map<String, Object> report, String className) {
        List<Map<String, Object>> rows = ofClass(blockers(report), className);
        assertEquals(1, rows.size(), rows.toString());
        return rows.get(0);
    }

    /** The hold time of the one blocker of {@code className} in {@code HoldTimes kind}, against the program's. */
    private void assertParkHoldClose(String kind, String className) throws Exception {
        double[] measured = new double[1];
        Map<String, Object> blocker = onlyOfClass(holdTimes(kind, measured), className);
        assertClose(measured[0], blocker.get("avgHoldTimeMs"), kind);
    }

    @Test
    void aLockWhoseReleaserTakesItAgainAtOnce() throws Exception {
        assertParkHoldClose("lock", "java.util.concurrent.locks.ReentrantLock$NonfairSync");
    }

    @Test
    void aSemaphoreOfThreePermits() throws Exception {
        assertParkHoldClose("semaphore", "java.util.concurrent.Semaphore$NonfairSync");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aMonitorWhoseReleaserReentersAtOnce() throws Exception {
        double[] measured = new double[1];
        List<Map<String, Object>> monitors = (List<Map<String, Object>>) holdTimes("monitor", measured).get("monitors");
        Map<String, Object> monitor = monitors.stream()
                .filter(m -> String.valueOf(m.get("userFrame")).startsWith("app//" + WORKLOADS + "HoldTimes."))
                .findFirst().orElseThrow(() -> new AssertionError(monitors.toString()));
        assertClose(measured[0], monitor.get("avgHoldTimeMs"), "synchronized");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aLockTakenForTwoCallersIsSplitBySiteUnderItsOneRow() throws Exception {
        Path report = dir.resolve("sites.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), WORKLOADS + "TwoSites",
                "2", "2", "1500");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> lock = onlyOfClass(Jremix.json(report), "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        List<Map<String, Object>> sites = (List<Map<String, Object>>) lock.get("sites");
        assertEquals(2, sites.size(), sites.toString());
        List<String> callers = sites.stream().map(s -> {
            List<String> stack = (List<String>) s.get("stackTrace");
            return stack.get(stack.size() - 1);
        }).toList();
        assertTrue(callers.stream().anyMatch(c -> c.startsWith("app//" + WORKLOADS + "TwoSites.produce(")), callers.toString());
        assertTrue(callers.stream().anyMatch(c -> c.startsWith("app//" + WORKLOADS + "TwoSites.consume(")), callers.toString());
        assertEquals(((Number) lock.get("timesParked")).longValue(), sum(sites, "timesParked"),
                "every park is counted at one site: " + sites);
        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        assertTrue(table.stream().anyMatch(l -> l.contains("site 1 of 2")), String.join("\n", table));
        assertTrue(table.stream().anyMatch(l -> l.contains("site 2 of 2")), String.join("\n", table));
    }
}
