package io.jremix.e2e.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jremix.e2e.Jremix;

/** {@code bin/jremix doctor} on this machine: exit 0, every check exactly once, a summary, and the same as JSON. */
class DoctorCommandTest {
    private static final List<String> CHECKS = List.of("performance counters", "CPU", "virtualisation", "cores", "NUMA",
            "C-states", "governor", "turbo", "THP", "isolcpus", "perf_event_paranoid", "cache line", "@Contended", "GC",
            "compressed oops");

    @Test
    void reportsEveryCheckOnceAndExits0(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("doctor.json");
        Jremix.Run run = Jremix.launch(List.of("doctor", "--json", json.toString()));
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("", run.stderr());
        List<String> lines = run.stdout().lines().toList();
        for (String check : CHECKS) {
            long n = lines.stream().filter(l -> l.matches("\\[(ok|warn|info)] .*") && l.substring(l.indexOf(']') + 2)
                    .startsWith(check + ": ")).count();
            assertEquals(1, n, check + " in:\n" + run.stdout());
        }
        assertEquals(CHECKS.size(), lines.stream().filter(l -> l.startsWith("[")).count());
        assertTrue(lines.get(lines.size() - 1).matches("jremix: doctor: \\d+ ok, \\d+ warnings?.*, \\d+ info: .+\\."),
                lines.get(lines.size() - 1));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> checks = (List<Map<String, Object>>) Jremix.json(json).get("checks");
        assertEquals(CHECKS, checks.stream().map(c -> c.get("check")).toList());
    }

    @Test
    void aBadOptionExits2() throws Exception {
        Jremix.Run run = Jremix.launch(List.of("doctor", "--nope"));
        assertEquals(2, run.exit());
        assertEquals("jremix: doctor: unknown option '--nope' (see bin/jremix doctor --help)", run.stderr().trim());
    }
}
