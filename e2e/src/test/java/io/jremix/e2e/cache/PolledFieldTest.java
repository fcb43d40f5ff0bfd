package io.jremix.e2e.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.e2e.Jremix;
import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A field one thread writes beside a field another thread only reads ({@code PolledField}), at the default
 * sensitivity: the prediction names both, the second as read, whether or not this run saw the misses (threads that
 * take turns on a loaded machine seldom miss; the prediction counts their accesses over the time each ran), and the
 * profile pads the written field alone. One run, about 5 s.
 */
class PolledFieldTest {
    private static final String CHANNEL = Jremix.PACKAGE + "PolledField$Channel";

    @Test
    void theFindingNamesTheWrittenFieldAndTheFieldOnlyRead(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Path profile = dir.resolve("profile.json");
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:REMIXReport=" + report,
                "-XX:REMIXProfile=" + profile), "PolledField", "30000000");
        assertEquals(0, run.exit(), run.stderr());

        Map<String, Object> doc = Jremix.json(report);
        List<Map<String, Object>> onChannel = Jremix.findings(doc).stream()
                .filter(f -> f.get("className").equals(CHANNEL)).toList();
        assertEquals(1, onChannel.size(), run.stderr());
        Map<String, Object> finding = onChannel.get(0);
        assertTrue(Jremix.FALSE_SHARING.contains(finding.get("kind")), run.stderr());
        assertEquals(Set.of("produced", "capacity"), Set.copyOf(Jremix.strings(finding.get("fields"))));
        assertEquals(Set.of("produced"), Jremix.map(finding.get("writers")).keySet(), "capacity is only read");
        Map<String, Object> pair = Jremix.list(finding.get("neighbours")).stream()
                .filter(n -> n.get("field").equals("produced")).findFirst()
                .orElseThrow(() -> new AssertionError("no prediction on produced in\n" + run.stderr()));
        assertEquals(CHANNEL + "::capacity", pair.get("other"));
        assertEquals("other", pair.get("reads"));
        assertEquals(true, pair.get("sameObject"));
        double threshold = ((Number) Jremix.map(doc.get("settings")).get("costShare")).doubleValue();
        assertTrue(((Number) finding.get("costShare")).doubleValue() >= threshold, finding.toString());
        assertTrue(run.stderrLines().stream().anyMatch(l -> l.matches("REMIX:   .*: produced written by"
                + " \"[^\"]+\" #\\d+, "
                + "io\\.jremix\\.workloads\\.cache\\.PolledField\\$Channel::capacity of the same object read by"
                + " \"[^\"]+\" #\\d+ .*")), run.stderr());

        String written = Files.readString(profile);
        Map<String, Object> learned = Jremix.list(Jremix.map(Json.parse(written)).get("classes")).stream()
                .filter(c -> c.get("className").equals(CHANNEL)).findFirst()
                .orElseThrow(() -> new AssertionError(written));
        assertEquals(List.of(List.of("produced")), learned.get("groups"), "the written field is padded away");
    }
}
