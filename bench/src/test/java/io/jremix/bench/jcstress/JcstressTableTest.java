package io.jremix.bench.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.bench.Command;
import io.jremix.jcstress.results.ForkResult;
import io.jremix.jcstress.results.JcstressRun;
import io.jremix.jcstress.results.TestCatalogue;
import io.jremix.jcstress.results.TestSpec;
import io.jremix.report.Json;
import org.junit.jupiter.api.Test;

/** The table bench/run-jcstress writes, from runs made up here over the real test declarations. */
class JcstressTableTest {
    private static final String P = "io.jremix.jcstress.";
    private static final TestCatalogue CATALOGUE = TestCatalogue.fromClassPath();
    private static final Map<String, Object> MACHINE = Map.of("cpu", "AMD EPYC", "cores", 2, "jdk", "JDK 17");
    private static final JcstressTable.Settings SETTINGS = new JcstressTable.Settings("quick",
            "SB|Iriw|Misaligned|Tearing", List.of(), 2, "bench/run-jcstress");

    private static final List<String> AGENT = List.of("-javaagent:/jremix/agent/target/jremix-agent.jar=-XX:+VBD", "-Xint");

    private static ForkResult fork(String test, String status, Map<String, Long> counts) {
        return new ForkResult(P + test, status, counts, List.of(), AGENT);
    }

    private static Map<String, TestSpec> selected() {
        Map<String, TestSpec> m = new LinkedHashMap<>();
        for (String t : List.of("StoreBufferingFields", "Iriw", "MisalignedUnsafeInt", "ByteArrayWordTearing")) {
            m.put(P + t, CATALOGUE.get(P + t));
        }
        return m;
    }

    private static JcstressTable.Runs runs(List<ForkResult> vbdForks) {
        JcstressRun plain = JcstressRun.of(selected(), List.of(
                fork("StoreBufferingFields", "NORMAL", Map.of("0, 0", 1_234_567L, "0, 1", 8_000_000L)),
                fork("MisalignedUnsafeInt", "NORMAL", Map.of("0", 500L, "1", 3L)),
                fork("ByteArrayWordTearing", "NORMAL", Map.of("1, 2", 900L))), 2);
        return new JcstressTable.Runs(plain, 61.4, JcstressRun.of(selected(), vbdForks, 2), 120.6);
    }

    private static List<String> rows(String markdown) {
        return markdown.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| test")).toList();
    }

    @Test
    void oneRowPerSelectedTestWithNonScSamplesOverAllSamples() {
        String md = JcstressTable.markdown(LocalDate.of(2026, 11, 23), MACHINE, SETTINGS, runs(List.of(
                fork("StoreBufferingFields", "NORMAL", Map.of("0, 1", 700_000L, "1, 1", 5L)),
                fork("MisalignedUnsafeInt", "NORMAL", Map.of("0", 400L, "1", 2L)),
                fork("ByteArrayWordTearing", "NORMAL", Map.of("1, 2", 100L)))));
        assertTrue(md.contains("Measured 2026-11-23 on AMD EPYC (2 cores), JDK 17. jcstress 0.16 `-m quick`"), md);
        assertTrue(md.contains("on 2 CPUs: 3 forks plain in 61 s, 3 under VBD in 121 s (3 of them with"
                + " `-javaagent:...=-XX:+VBD`)."), md);
        assertTrue(md.contains("Reproduce: `bench/run-jcstress` (after `mvn -B -DskipTests package`)."), md);
        assertEquals(List.of(
                "| ByteArrayWordTearing | any other (forbidden) | 0 / 900 | 0 / 100 | SC |",
                "| Iriw | `1, 0, 1, 0` | not run | not run | – |",
                "| MisalignedUnsafeInt | any other | 3 / 503 | 2 / 402 | documented limit |",
                "| StoreBufferingFields | `0, 0` | 1 234 567 / 9 234 567 | 0 / 700 005 | SC |"), rows(md));
        assertTrue(md.contains("- Iriw did not run: 4 actors need 4 CPUs; jcstress ran on 2."), md);
        assertTrue(md.contains("- MisalignedUnsafeInt is a documented limit of VBD: "
                + CATALOGUE.get(P + "MisalignedUnsafeInt").vbdLimit() + "."), md);
    }

    @Test
    void aWeakOutcomeOrAFailedForkUnderVbdIsFlagged() {
        String md = JcstressTable.markdown(LocalDate.of(2026, 11, 23), MACHINE, SETTINGS, runs(List.of(
                fork("StoreBufferingFields", "NORMAL", Map.of("0, 0", 3L, "1, 1", 5L)),
                new ForkResult(P + "ByteArrayWordTearing", "TEST_ERROR", Map.of(),
                        List.of("java.lang.IllegalStateException: Failed: 22\n\tat somewhere"), List.of("-Xint")))));
        List<String> rows = rows(md);
        assertEquals("| ByteArrayWordTearing | any other (forbidden) | 0 / 900 | 0 / 0 (1 forks failed) | **error** |",
                rows.get(0));
        assertEquals("| StoreBufferingFields | `0, 0` | 1 234 567 / 9 234 567 | 3 / 8 | **not SC**: `0, 0` |",
                rows.get(3));
        assertTrue(md.contains("(1 of them with `-javaagent:...=-XX:+VBD`)"), md);
        assertTrue(md.contains("- MisalignedUnsafeInt did not run under VBD: no result"), md);
        assertTrue(md.contains("- Error (VBD): ByteArrayWordTearing: TEST_ERROR: java.lang.IllegalStateException:"
                + " Failed: 22"), md);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonHasEveryCountAndReadsBack() throws Json.MalformedJsonException {
        JcstressTable.Runs runs = runs(List.of(fork("StoreBufferingFields", "NORMAL", Map.of("1, 1", 5L))));
        Map<String, Object> json = (Map<String, Object>) Json.parse(Json.write(JcstressTable.json(MACHINE, SETTINGS, runs)));
        List<Map<String, Object>> rows = (List<Map<String, Object>>) json.get("rows");
        assertEquals(4, rows.size());
        Map<String, Object> sb = rows.get(3);
        assertEquals(P + "StoreBufferingFields", sb.get("test"));
        Map<String, Object> plain = (Map<String, Object>) sb.get("plain");
        assertEquals(1_234_567L, plain.get("nonSc"));
        assertEquals(9_234_567L, plain.get("samples"));
        assertEquals(Map.of("0, 0", 1_234_567L), plain.get("nonScCounts"));
        assertEquals("SC", sb.get("vbdVerdict"));
        assertEquals(Map.of("0, 0", "allowed"), sb.get("nonScOutcomes"));
        JcstressRun causality = JcstressRun.of(Map.of(P + "CausalityTest2", CATALOGUE.get(P + "CausalityTest2")),
                List.of(), 2);
        List<Map<String, Object>> causalityRows = (List<Map<String, Object>>) JcstressTable.json(MACHINE, SETTINGS,
                new JcstressTable.Runs(causality, 1, causality, 1)).get("rows");
        assertEquals(Map.of("1, 1, 1", "allowed", "any other", "forbidden"), causalityRows.get(0).get("nonScOutcomes"));
        assertEquals(1L, json.get("vbdForksWithAgent"));
        Map<String, Object> iriw = (Map<String, Object>) rows.get(1).get("vbd");
        assertEquals(false, iriw.get("ran"));
        assertEquals("4 actors need 4 CPUs; jcstress ran on 2", iriw.get("reason"));
    }

    @Test
    void aBadOptionStopsTheScriptWithOneLineAndExitCode2() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>(List.of(java, "-Djremix.home=" + System.getProperty("jremix.home"), "-cp",
                System.getProperty("java.class.path"), JcstressBench.class.getName()));
        for (List<String> bad : List.of(List.of("--preset", "fast"), List.of("--runs", "3"), List.of("--tests", "("),
                List.of("--tests", "NoSuchTest"), List.of("--jcstress", "-c x"), List.of("--from", "/nonexistent"))) {
            List<String> command = new ArrayList<>(argv);
            command.addAll(bad);
            Command.Result r = new Command(command).run();
            assertEquals(2, r.exit(), bad + ": " + r.stderr());
            List<String> lines = r.stderr().lines().toList();
            assertEquals(1, lines.size(), r.stderr());
            assertTrue(lines.get(0).startsWith("bench/run-jcstress: ")
                    && lines.get(0).endsWith(" (bench/run-jcstress --help lists the options)"), lines.get(0));
        }
        List<String> help = new ArrayList<>(argv);
        help.add("--help");
        Command.Result r = new Command(help).run();
        assertEquals(0, r.exit());
        assertTrue(r.stdout().startsWith("usage: bench/run-jcstress"), r.stdout());
    }
}
