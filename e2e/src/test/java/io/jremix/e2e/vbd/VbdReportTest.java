package io.jremix.e2e.vbd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -XX:VBDReport=FILE}: VBD's report as JSON, read back and checked against the text report of the same run. */
class VbdReportTest {
    private static final Pattern REWROTE = Pattern.compile(
            "VBD: Rewrote (\\d+) classes: (\\d+) field sites, (\\d+) array sites, (\\d+) Unsafe/VarHandle sites, "
            + "(\\d+) fences added, (\\d+) constructor accesses before publication, "
            + "(\\d+) effectively final fields read plainly\\.");

    @Test
    @SuppressWarnings("unchecked")
    void jsonReportSaysWhatTheTextReportSays(@TempDir Path dir) throws Exception {
        Path patterns = Files.writeString(dir.resolve("relaxed.txt"), String.join("\n",
                "io.jremix.workloads.vbd.StoreBufferingFieldsCase$State::*",
                "io.jremix.workloads.vbd.MessagePassingCase::outcome", ""));
        Path file = dir.resolve("vbd.json");
        LitmusResults r = LitmusResults.run(List.of("-XX:+VBD", "-XX:VBDRelaxed=" + patterns, "-XX:VBDReport=" + file),
                "sb-fields,mp,publication-final", 10_000);
        Matcher text = r.run().stderrLines().stream().map(REWROTE::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError(r.run().stderr()));

        Map<String, Object> doc = Jremix.json(file);
        assertEquals("volatile-by-default", doc.get("report"));
        assertEquals(patterns.toString(), doc.get("relaxedFile"));
        Map<String, Object> totals = (Map<String, Object>) doc.get("totals");
        String[] keys = {"classes", "fieldSites", "arraySites", "plainAccessSites", "fences", "unpublishedSites",
            "effectivelyFinal"};
        for (int i = 0; i < keys.length; i++) {
            assertEquals(Long.parseLong(text.group(i + 1)), totals.get(keys[i]), keys[i]);
        }
        List<Map<String, Object>> rewritten = (List<Map<String, Object>>) doc.get("rewritten");
        assertEquals(totals.get("classes"), (long) rewritten.size(), "every class listed below the limit");
        assertEquals(totals.get("fieldSites"), rewritten.stream().mapToLong(c -> (Long) c.get("fieldSites")).sum());
        assertTrue(rewritten.stream().anyMatch(c -> c.get("className").equals("io.jremix.workloads.vbd.StoreBufferingFieldsCase")),
                rewritten.toString());
        assertEquals(List.of("io.jremix.workloads.vbd.StoreBufferingFieldsCase$State"), doc.get("relaxedClasses"));
        assertEquals(List.of("io.jremix.workloads.vbd.MessagePassingCase::outcome"), doc.get("relaxedMethods"));
        assertEquals(List.of(), doc.get("failed"));
        assertTrue((Long) doc.get("loadedBefore") > 0, doc.toString());
        assertTrue((Long) totals.get("effectivelyFinal") >= 2, "PublishedOnce's two fields: " + totals);
    }

    @Test
    void unwritableReportIsRefusedBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD", "-XX:VBDReport=" + dir.resolve("missing/vbd.json")),
                Jremix.WORKLOADS.toString(), LitmusResults.MAIN, "sb-fields", "10");
        assertEquals(2, run.exit(), run.stderr());
        assertEquals(List.of("jremix: error: cannot write '-XX:VBDReport=" + dir.resolve("missing/vbd.json")
                + "': directory " + dir.resolve("missing") + " does not exist"), run.stderrLines().stream()
                .map(l -> l.replace(" (see bin/jremix --help)", "")).toList());
        assertEquals("", run.stdout(), "the program never started");
    }
}
