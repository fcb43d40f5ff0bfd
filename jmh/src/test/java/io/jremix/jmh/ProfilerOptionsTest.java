package io.jremix.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.Result;

import io.jremix.report.Json;

/** What the profilers make of {@code -prof NAME:...} and of a fork's report, without running a fork. */
class ProfilerOptionsTest {
    @Test
    void helpListsTheOptionsAndABadOneIsOneLine() {
        String help = assertThrows(ProfilerException.class, () -> new CacheContentionProfiler("help")).getMessage();
        assertTrue(help.contains("agent=") && help.contains("options=") && help.contains("rows=5"), help);
        assertEquals("jremix: error: unknown profiler option 'row=3': use agent=, options=, rows= or help",
                assertThrows(ProfilerException.class, () -> new ParkContentionProfiler("row=3")).getMessage());
        assertEquals("jremix: error: bad value in 'rows=-1': expected a whole number, 0 or more",
                assertThrows(ProfilerException.class, () -> new CacheContentionProfiler("rows=-1")).getMessage());
        assertEquals("jremix: error: unknown option '-XX:REMIXTreshold=5': did you mean '-XX:REMIXThreshold=5'?",
                assertThrows(ProfilerException.class,
                        () -> new CacheContentionProfiler("options=-XX:REMIXTreshold=5")).getMessage());
    }

    @Test
    void anAgentThatIsNotOneIsRefused(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("jremix-agent.jar"));
        assertEquals("jremix: error: agent=" + jar + ": expected jremix's jremix-agent.jar with jremix-boot.jar"
                + " beside it", assertThrows(ProfilerException.class,
                        () -> new CacheContentionProfiler("agent=" + jar)).getMessage());
    }

    @Test
    void aReportItCannotReadIsOneLineNotAFailedRun(@TempDir Path dir) throws Exception {
        CacheContentionProfiler profiler = new CacheContentionProfiler();
        assertEquals("jremix: the fork wrote no report (see its stderr)",
                List.copyOf(profiler.read(dir.resolve("none.json"))).get(0).extendedInfo());
        Path noFindings = Files.writeString(dir.resolve("r.json"), "{\"report\": \"cache-contention\"}");
        List<? extends Result> results = List.copyOf(profiler.read(noFindings));
        assertEquals(1, results.size());
        assertTrue(results.get(0).extendedInfo().startsWith("jremix: cannot read the fork's report: "),
                results.get(0).extendedInfo());
    }

    @Test
    void theParkReportBecomesASummaryAndTwoNumbers() throws Exception {
        Map<String, Object> report = JremixProfiler.asObject(Json.parse("""
                {"blockersRecorded": 3, "blockers": [
                  {"className": "java.util.concurrent.locks.ReentrantLock$NonfairSync", "threadName": "worker-1",
                   "timesParked": 1200,
                   "parkThreadTimeMs": 850.5, "avgParkTimeMs": 0.709},
                  {"className": "java.util.concurrent.CountDownLatch$Sync", "threadName": "main", "timesParked": 2,
                   "parkThreadTimeMs": 12.0, "avgParkTimeMs": 6.0}]}"""));
        List<? extends Result> results = List.copyOf(new ParkContentionProfiler().results(report, 1));
        assertEquals("jremix park contention: 3 blockers\n  java.util.concurrent.locks.ReentrantLock$NonfairSync"
                + " (thread worker-1): parked 1200 times, 850.5 ms thread time, 0.709 ms each\n",
                results.get(0).extendedInfo().replace(System.lineSeparator(), "\n"));
        assertEquals(3, results.get(1).getScore());
        assertEquals(850.5, results.get(2).getScore());
    }
}
