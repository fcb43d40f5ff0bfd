package io.jremix.e2e.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latent false sharing on the smallest case: LatentCounters' two counters lie 296 bytes apart in every run, so no
 * run can observe false sharing on them, and every run must predict it, at the default threshold, for the profile to
 * pad them. Serial GC keeps the gap between them if a collection moves them. With two end-to-end suites sharing
 * the 2 cores, a run once closed its 5-s window with one sampled access, where 200 runs beside other programs
 * sampled 37,509 or more: the window now counts its 5 s from when the second thread runs traced code.
 */
class LatentSharingTest {
    private static final String COUNTER = Jremix.PACKAGE + "LatentCounters$Counter";
    private static final int RUNS = 3;

    @Test
    void everyRunPredictsItAndTheProfilePadsIt(@TempDir Path dir) throws Exception {
        for (int i = 1; i <= RUNS; i++) {
            Path report = dir.resolve("report-" + i + ".json");
            Path profile = dir.resolve("profile-" + i + ".json");
            Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:+UseSerialGC", "-XX:REMIXReport=" + report, "-XX:REMIXProfile=" + profile), "LatentCounters");
            assertEquals(0, run.exit(), run.stderr());

            Map<String, Object> finding = only(onCounter(Jremix.json(report)), run);
            assertEquals("latent-false-sharing", finding.get("kind"), run.stderr());
            assertEquals(List.of("value"), finding.get("fields"));
            assertEquals(2, ((List<?>) Jremix.map(finding.get("writers")).get("value")).size(),
                    "two threads write value: " + finding);
            Map<String, Object> neighbours = only(Jremix.list(finding.get("neighbours")), run);
            assertEquals(false, neighbours.get("sameObject"));
            assertEquals(32L, neighbours.get("span"), "a 24-byte counter and the 8-byte value of the next");
            assertTrue(run.stderrLines().stream().anyMatch(l -> l.matches("REMIX:   could share a 64-byte line:"
                    + " value written by \"[^\"]+\" #\\d+, .* by \"[^\"]+\" #\\d+ .*")), run.stderr());

            Map<String, Object> learned = Jremix.map(Json.parse(Files.readString(profile)));
            learned = Jremix.list(learned.get("classes")).get(0);
            assertEquals(COUNTER, learned.get("className"));
            assertEquals(List.of(List.of("value")), learned.get("groups"));
        }

        Path repaired = dir.resolve("repaired.json");
        Jremix.Run run = Jremix.workload(List.of("-remix", "-XX:+UseSerialGC", "-XX:REMIXReport=" + repaired,
                "-XX:REMIXProfile=" + dir.resolve("profile-1.json")), "LatentCounters");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(repaired);
        List<Map<String, Object>> padded = Jremix.list(Jremix.map(doc.get("repair")).get("padded"));
        assertEquals(COUNTER, padded.get(0).get("className"), run.stderr());
        assertEquals(List.of(), onCounter(doc), "padded, the counters are more than a line apart: " + run.stderr());
    }

    private static List<Map<String, Object>> onCounter(Map<String, Object> report) {
        return Jremix.findings(report).stream().filter(f -> f.get("className").equals(COUNTER)).toList();
    }

    private static Map<String, Object> only(List<Map<String, Object>> list, Jremix.Run run) {
        assertEquals(1, list.size(), list + "\n" + run.stderr());
        return list.get(0);
    }
}
