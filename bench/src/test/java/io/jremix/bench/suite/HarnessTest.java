package io.jremix.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness runs real child JVMs through bin/jremix, at the tiny size. */
class HarnessTest {
    private static final Path HOME = Path.of(System.getProperty("jremix.home", "..")).toAbsolutePath().normalize();

    private static Harness harness(List<Suite.Entry> workloads, List<Mode> modes) {
        return new Harness(new Harness.Settings(HOME, Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), workloads, modes, 2, 0, 2, Size.TINY, null));
    }

    @Test
    void aModeIsUnavailableWithTheReasonTheLauncherGave() throws Exception {
        Harness h = harness(List.of(), List.of());
        assertTrue(h.probe(Mode.PLAIN).available());
        assertTrue(h.probe(Mode.DETECT).available(), h.probe(Mode.DETECT).reason());
        assertTrue(h.probe(Mode.REMIX).available(), h.probe(Mode.REMIX).reason());
        String jremix = HOME.resolve("bin/jremix").toString();
        String reason = h.refusal(List.of(jremix, "-XX:REMIXNoSuchOption=1"));
        assertTrue(reason != null && reason.startsWith("jremix: error") && reason.contains("REMIXNoSuchOption"), reason);
        assertTrue(h.refusal(List.of(jremix, "-XX:+NoSuchJvmFlag")).contains("NoSuchJvmFlag"));
        assertNull(h.refusal(List.of(jremix, "-remix:detect")));
    }

    @Test
    void baselineModesNeedAnotherCheckout() throws Exception {
        for (Mode m : List.of(Mode.VBD_BASELINE, Mode.DETECT_BASELINE)) {
            Harness.Availability a = harness(List.of(), List.of()).probe(m);
            assertFalse(a.available(), m.key());
            assertTrue(a.reason().contains("--baseline"), a.reason());
        }
    }

    @Test
    void vbdRelaxedNeedsTheWorkloadsRelaxedList() throws Exception {
        Harness.Availability listed = harness(List.of(Suite.named("chm")), List.of()).probe(Mode.VBD_RELAXED);
        assertTrue(listed.available(), listed.reason());
        Harness.Availability unlisted = harness(List.of(Suite.named(FailingWorkload.class.getName())), List.of())
                .probe(Mode.VBD_RELAXED);
        assertFalse(unlisted.available());
        assertTrue(unlisted.reason().startsWith("jremix: error") && unlisted.reason().contains("vbd-relaxed"),
                unlisted.reason());
    }

    @Test
    void failingRunIsAnErrorAndTheOthersAreMeasured(@TempDir Path dir) throws Exception {
        Suite.Entry failing = Suite.named(FailingWorkload.class.getName());
        Suite.Entry chm = Suite.named("chm");
        Harness h = harness(List.of(chm, failing), List.of(Mode.PLAIN, Mode.DETECT));
        Map<String, Map<Mode, Harness.Cell>> results = h.measure(List.of(Mode.PLAIN, Mode.DETECT));

        Harness.Cell broken = results.get(failing.name()).get(Mode.PLAIN);
        assertFalse(broken.ok());
        assertTrue(broken.error().contains("self-check failed"), broken.error());
        assertEquals(List.of(), broken.invocationMs(), "an error has no times");
        for (Mode m : List.of(Mode.PLAIN, Mode.DETECT)) {
            Harness.Cell c = results.get("chm").get(m);
            assertTrue(c.ok(), m + ": " + c.error());
            assertEquals(2, c.invocationMs().size());
        }
        assertTrue(Harness.geometricMean(results, Mode.DETECT) > 0);

        List<Harness.Availability> availability = new ArrayList<>(List.of(
                new Harness.Availability(Mode.PLAIN, true, ""), new Harness.Availability(Mode.DETECT, true, ""),
                new Harness.Availability(Mode.VBD, false, "Unrecognized VM option 'VBD'")));
        Path out = dir.resolve("suite");
        h.write(out, availability, results);
        String md = Files.readString(Path.of(out + ".md"));
        assertTrue(md.contains("| chm |"), md);
        assertTrue(md.contains("error"), md);
        assertTrue(md.contains("Mode `vbd` (volatile by default) skipped"), md);
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readString(Path.of(out + ".json")));
        assertTrue(json.containsKey("machine"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) json.get("workloads");
        @SuppressWarnings("unchecked")
        Map<String, Object> brokenCell = (Map<String, Object>) rows.get(1).get("plain");
        assertNull(brokenCell.get("medianMs"));
        assertTrue(((String) brokenCell.get("error")).contains("self-check failed"));
    }

    @Test
    void geometricMeanSkipsErrors() {
        Map<String, Map<Mode, Harness.Cell>> results = Map.of(
                "a", Map.of(Mode.PLAIN, new Harness.Cell(List.of(100.0), null), Mode.DETECT, new Harness.Cell(List.of(200.0), null)),
                "b", Map.of(Mode.PLAIN, new Harness.Cell(List.of(100.0), null), Mode.DETECT, new Harness.Cell(List.of(50.0), null)),
                "c", Map.of(Mode.PLAIN, new Harness.Cell(List.of(100.0), null), Mode.DETECT, new Harness.Cell(List.of(), "exit 1")));
        assertEquals(1.0, Harness.geometricMean(results, Mode.DETECT), 1e-9);
        assertNull(Harness.geometricMean(results, Mode.VBD));
    }
}
