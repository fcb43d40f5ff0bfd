package io.jremix.e2e.park;

import static io.jremix.e2e.park.ParkReports.blockers;
import static io.jremix.e2e.park.ParkReports.ofClass;
import static io.jremix.e2e.park.ParkReports.sum;
import static io.jremix.e2e.park.ParkReports.parkedFrom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import io.jremix.e2e.LiveProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/jremix dump}: the report of a running program, which keeps running; and freeOnPrint across reports. */
class ParkDumpTest {
    private static final String WORKLOADS = "io.jremix.workloads.park.";
    private static final String SHORT_LIVED = WORKLOADS + "ShortLivedBlockers";
    private static final String BLOCKER = SHORT_LIVED + "$Blocker";

    @TempDir
    Path dir;

    private static Jremix.Run dump(long pid, Path file) throws Exception {
        return Jremix.launch(file == null ? List.of("dump", Long.toString(pid))
                : List.of("dump", Long.toString(pid), file.toString()));
    }

    @Test
    void liveDumpReportsWhileTheProgramKeepsRunning() throws Exception {
        Path dumped = dir.resolve("dump.json");
        Path atExit = dir.resolve("exit.json");
        try (LiveProgram program = LiveProgram.start(List.of("-XXgetparkcontention:report=" + atExit),
                WORKLOADS + "LargeCriticalSection", "4", "600000")) {
            program.awaitLine("running");
            Thread.sleep(1500); // let every worker reach lock 3

            Jremix.Run dump = dump(program.pid(), dumped);
            assertEquals(0, dump.exit(), dump.stderr());
            assertTrue(dump.stdout().contains("written to " + dumped), dump.stdout());
            Map<String, Object> report = Jremix.json(dumped);
            assertEquals("dump", report.get("trigger"));
            Map<String, Object> lock3 = parkedFrom(blockers(report), WORKLOADS + "LargeCriticalSection.section3");
            assertNotNull(lock3, report.toString());
            assertTrue((Long) lock3.get("parkedNow") >= 1, "mid-run, workers wait on lock 3: " + lock3);
            assertTrue(program.alive(), "the dump must not end the program");

            program.send("stop");
            Jremix.Run run = program.finish();
            assertEquals(0, run.exit(), run.stderr());
            assertTrue(run.stderrLines().stream().allMatch(l -> l.startsWith(ParkReports.PREFIX)),
                    "no JVM warning about the dump agent on the program's stderr:\n" + run.stderr());
            int atDump = run.stderrLines().indexOf(run.stderrLines().stream()
                    .filter(l -> l.startsWith("PARK: Park contention at dump ")).findFirst().orElseThrow());
            int atEnd = run.stderrLines().indexOf(run.stderrLines().stream()
                    .filter(l -> l.startsWith("PARK: Park contention at exit ")).findFirst().orElseThrow());
            assertTrue(atDump < atEnd);
            Map<String, Object> exitLock3 = parkedFrom(blockers(Jremix.json(atExit)),
                    WORKLOADS + "LargeCriticalSection.section3");
            assertEquals(lock3.get("identityHash"), exitLock3.get("identityHash"), "the same profiler's records");
            assertTrue((Long) exitLock3.get("timesParked") >= (Long) lock3.get("timesParked"));
        }
    }

    @Test
    void dumpWithoutFileOnlyPrints() throws Exception {
        try (LiveProgram program = LiveProgram.start(List.of("-XXgetparkcontention"), SHORT_LIVED, "10", "wait")) {
            program.awaitLine("collected");
            Jremix.Run dump = dump(program.pid(), null);
            assertEquals(0, dump.exit(), dump.stderr());
            program.send("stop");
            Jremix.Run run = program.finish();
            assertEquals(0, run.exit(), run.stderr());
            assertTrue(run.stderr().contains("PARK: Park contention at dump "), run.stderr());
        }
    }

    @Test
    void freeOnPrintDropsRecordsOfCollectedBlockersAfterADump() throws Exception {
        Path dumped = dir.resolve("dump.json");
        Path atExit = dir.resolve("exit.json");
        try (LiveProgram program = LiveProgram.start(List.of("-XXgetparkcontention:freeOnPrint,report=" + atExit),
                SHORT_LIVED, "200", "wait")) {
            String survivor = program.awaitLine("survivor").split(" ")[1];
            long collected = Long.parseLong(program.awaitLine("collected").split(" ")[1]);
            assertTrue(collected > 0, "the GC collected none of the dropped blockers");

            Jremix.Run dump = dump(program.pid(), dumped);
            assertEquals(0, dump.exit(), dump.stderr());
            Map<String, Object> report = Jremix.json(dumped);
            List<Map<String, Object>> before = ofClass(blockers(report), BLOCKER);
            assertEquals(201, sum(before, "blockers"), "every record is in the report that drops it");
            assertEquals(2, before.size(), "the 200 parked on once at one place share a row, the survivor parked"
                    + " elsewhere has its own: " + before);
            long dropped = sum(before, "collectedBlockers");
            assertTrue(dropped >= collected, dropped + " of " + collected);
            assertEquals(dropped, ((Number) report.get("droppedRecords")).longValue(), report.toString());

            program.send("stop");
            Jremix.Run run = program.finish();
            assertEquals(0, run.exit(), run.stderr());
            List<Map<String, Object>> after = ofClass(blockers(Jremix.json(atExit)), BLOCKER);
            assertEquals(201 - dropped, sum(after, "blockers"), after.toString());
            Map<String, Object> kept = after.stream().filter(b -> b.get("identityHash").equals(survivor)).findFirst()
                    .orElseThrow();
            assertEquals(2L, kept.get("timesParked"));
            assertTrue(run.stderr().contains("PARK: freeOnPrint: dropped the records of "), run.stderr());
        }
    }

    @Test
    void withoutFreeOnPrintRecordsOfCollectedBlockersStay() throws Exception {
        Path atExit = dir.resolve("exit.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + atExit), SHORT_LIVED, "200");
        assertEquals(0, run.exit(), run.stderr());
        long collected = Long.parseLong(run.stdout().lines().filter(l -> l.startsWith("collected")).findFirst()
                .orElseThrow().split(" ")[1]);
        Map<String, Object> report = Jremix.json(atExit);
        List<Map<String, Object>> rows = ofClass(blockers(report), BLOCKER);
        assertEquals(201, sum(rows, "blockers"));
        assertEquals(202, sum(rows, "timesParked"), "the survivor parked twice, each other blocker once");
        assertEquals(2, rows.size(), "the 200 parked on once at one place share a row, the survivor its own: " + rows);
        assertTrue(sum(rows, "collectedBlockers") >= collected);
        assertEquals(0L, report.get("droppedRecords"));
    }

    @Test
    void dumpOfAProgramWithoutTheProfilerFailsInOneLine() throws Exception {
        try (LiveProgram program = LiveProgram.start(List.of(), SHORT_LIVED, "1", "wait")) {
            program.awaitLine("collected");
            Jremix.Run dump = dump(program.pid(), dir.resolve("dump.json"));
            assertEquals(2, dump.exit());
            assertEquals(List.of("jremix: error: process " + program.pid()
                    + " is not running with -XXgetparkcontention"), dump.stderrLines());
            assertTrue(program.alive());
            program.send("stop");
            assertEquals(0, program.finish().exit());
            assertTrue(Files.notExists(dir.resolve("dump.json")));
        }
    }

    @Test
    void dumpOfNoSuchProcessOrABadPidFailsInOneLine() throws Exception {
        for (String pid : List.of("2147483647", "twelve")) {
            Jremix.Run dump = Jremix.launch(List.of("dump", pid));
            assertEquals(2, dump.exit(), pid);
            assertEquals(1, dump.stderrLines().size(), dump.stderr());
            assertTrue(dump.stderr().startsWith("jremix: error: "), dump.stderr());
        }
        Jremix.Run usage = Jremix.launch(List.of("dump"));
        assertEquals(2, usage.exit());
        assertTrue(usage.stderr().startsWith("jremix: error: usage: bin/jremix dump <pid> [<file>]"), usage.stderr());
    }
}
