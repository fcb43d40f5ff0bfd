package io.jremix.e2e.park;

import static io.jremix.e2e.park.ParkReports.blockers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The -XXgetparkcontention options on {@code ParkCounts}, whose blockers are parked an exact number of times. */
class ParkOptionsTest {
    private static final String PARK_COUNTS = "io.jremix.workloads.park.ParkCounts";
    private static final String BLOCKER = PARK_COUNTS + "$Blocker";

    @TempDir
    Path dir;

    /** Blocker name to identity hash, from the workload's output. */
    private static Map<String, String> hashes(Jremix.Run run) {
        Map<String, String> out = new HashMap<>();
        run.stdout().lines().map(l -> l.split(" ")).forEach(p -> out.put(p[0], p[1]));
        return out;
    }

    private static Map<String, Object> withHash(List<Map<String, Object>> blockers, String hash) {
        return blockers.stream().filter(b -> b.get("identityHash").equals(hash)).findFirst().orElse(null);
    }

    @Test
    void threshold_blockerParkedFewerTimesCollectsNoTimes() throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:threshold=5,report=" + report), PARK_COUNTS,
                "below=3", "above=8");
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> blockers = blockers(Jremix.json(report));

        Map<String, Object> below = withHash(blockers, hashes(run).get("below"));
        assertEquals(BLOCKER, below.get("className"));
        assertEquals(3L, below.get("timesParked"));
        assertEquals(false, below.get("collecting"));
        assertNull(below.get("threadName"));
        assertEquals(List.of(), below.get("stackTrace"));
        assertEquals(0L, below.get("parkThreadTimeMs"));
        assertEquals(0L, below.get("peakParked"));

        Map<String, Object> above = withHash(blockers, hashes(run).get("above"));
        assertEquals(8L, above.get("timesParked"));
        assertEquals(true, above.get("collecting"));
        assertEquals("parker-above", above.get("threadName"));
        assertTrue(ParkReports.number(above, "parkThreadTimeMs") > 0, above.toString());
        assertEquals(1L, above.get("peakParked"));
        assertEquals(0L, above.get("parkedNow"));

        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        List<String> belowRow = ParkReports.rows(table).get(ParkReports.rows(table).stream().map(r -> r.get(3))
                .toList().indexOf(hashes(run).get("below")));
        assertEquals(List.of("-", "-", BLOCKER, hashes(run).get("below"), "3", "-", "-", "-", "-", "-", "0", "-", "-",
                "-", "-"), belowRow);
    }

    @Test
    void printThreshold_hidesBlockersParkedLessInTableAndJson() throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:printThreshold=5,report=" + report), PARK_COUNTS,
                "few=4", "many=5");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        List<Map<String, Object>> blockers = blockers(doc);
        assertNull(withHash(blockers, hashes(run).get("few")));
        assertEquals(5L, withHash(blockers, hashes(run).get("many")).get("timesParked"));
        assertTrue(blockers.stream().allMatch(b -> (Long) b.get("timesParked") >= 5), blockers.toString());
        assertTrue((Long) doc.get("blockersRecorded") > (Long) doc.get("blockersShown"));

        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        assertEquals(-1, ParkReports.rowLine(table, hashes(run).get("few")), String.join("\n", table));
        assertTrue(ParkReports.rowLine(table, hashes(run).get("many")) > 0, String.join("\n", table));
    }

    @Test
    void parksWithoutABlockerAreCountedApart() throws Exception {
        Path report = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report), PARK_COUNTS, "null=4");
        assertEquals(0, run.exit(), run.stderr());
        long counted = (Long) Jremix.json(report).get("nullBlockerParks");
        assertTrue(counted >= 4, "null-blocker parks: " + counted);
        assertTrue(run.stderr().contains("PARK: Parks without a blocker (not in the table): " + counted + "."),
                run.stderr());
    }

    @Test
    void launcherKeepsSubOptionCommasAndWorksBesideRemix() throws Exception {
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XXgetparkcontention:threshold=1,printThreshold=2"),
                PARK_COUNTS, "one=1", "two=2");
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderr().contains("REMIX: Processed 0 classes."), run.stderr());
        List<String> table = ParkReports.textReport(run.stderrLines(), "exit");
        assertTrue(table.get(0).contains("(parked at least 2 times)"), table.get(0));
        assertEquals(-1, ParkReports.rowLine(table, hashes(run).get("one")));
        assertTrue(ParkReports.rowLine(table, hashes(run).get("two")) > 0, String.join("\n", table));
    }

    @Test
    void agentWorksWithoutTheLauncher() throws Exception {
        Path report = dir.resolve("park.json");
        String agent = Jremix.HOME.resolve("agent/target/jremix-agent.jar").toString();
        Jremix.Run run = Jremix.exec(List.of(Jremix.java(), "-javaagent:" + agent
                + "=-XXgetparkcontention:printThreshold=2,freeOnPrint,report=" + report, "-cp",
                Jremix.WORKLOADS.toString(), PARK_COUNTS, "one=1", "two=2"));
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertEquals(Map.of("threshold", 0L, "printThreshold", 2L, "freeOnPrint", true, "rows", 10L,
                "intervalSeconds", 0L), doc.get("settings"));
        assertNull(withHash(blockers(doc), hashes(run).get("one")));
        assertEquals(2L, withHash(blockers(doc), hashes(run).get("two")).get("timesParked"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XXgetparkcontention:threshold=-1", "-XXgetparkcontention:printThreshold=x",
        "-XXgetparkcontention:freeOnPrint=1", "-XXgetparkcontention:sample=2", "-XXgetparkcontention:",
        "-XXgetparkcontention:report=/no/such/dir/park.json", "-XXgetparkcontentionX"})
    void badOptionPrintsOneLineAndExits2BeforeTheProgram(String option) throws Exception {
        Jremix.Run run = Jremix.workload(List.of(option), PARK_COUNTS, "a=1");
        assertEquals(2, run.exit());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderr().startsWith("jremix: error: "), run.stderr());
        assertFalse(run.stderr().contains("Exception"), run.stderr());
    }

    @Test
    void helpListsTheParkOptions() throws Exception {
        Jremix.Run run = Jremix.launch(List.of("--help"));
        assertEquals(0, run.exit());
        for (String s : List.of("-XXgetparkcontention[:<list>]", "threshold=<n>", "printThreshold=<n>", "freeOnPrint",
                "report=<file>", "bin/jremix dump <pid> [<file>]")) {
            assertTrue(run.stdout().contains(s), s);
        }
    }
}
