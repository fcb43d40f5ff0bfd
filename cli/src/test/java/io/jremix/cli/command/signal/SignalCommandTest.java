package io.jremix.cli.command.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SignalCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return SignalCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void writesEveryMechanismAndPairCountToTextCsvJsonAndMarkdown(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("s.csv");
        Path json = dir.resolve("s.json");
        Path md = dir.resolve("s.md");
        int exit = run("--pairs", "1,2", "--rate", "2000", "--warmup", "0", "--duration", "0.1",
                "--csv", csv.toString(), "--json", json.toString(), "--markdown", md.toString());

        assertEquals(0, exit, err.toString());
        String text = out.toString(StandardCharsets.UTF_8);
        for (String heading : List.of("call cost (µs)", "wake-up (µs)", "wake-up from send (µs)")) {
            assertTrue(text.contains(heading), text);
        }
        assertEquals(3 * 8, text.lines().filter(l -> l.matches("(notify|condition|unpark|spin) +[12] +\\d+ .*")).count(), text);

        List<String> rows = Files.readAllLines(csv);
        assertEquals("mechanism,pairs,metric,samples,p50_us,p90_us,p95_us,p99_us,p999_us,max_us", rows.get(0));
        assertEquals(1 + 4 * 2 * 3, rows.size(), rows.toString());
        assertTrue(rows.contains(rows.stream().filter(r -> r.startsWith("spin,2,wakeup,400,")).findFirst().orElse("missing")), rows.toString());

        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(json));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> results = (List<Map<String, Object>>) doc.get("results");
        assertEquals(8, results.size());
        assertEquals(2000L, doc.get("ratePerPair"));
        for (Map<String, Object> r : results) {
            for (String metric : List.of("callCost", "wakeup", "wakeupFromSend")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> stats = (Map<String, Object>) r.get(metric);
                assertEquals(List.of("samples", "p50Us", "p90Us", "p95Us", "p99Us", "p999Us", "maxUs"), List.copyOf(stats.keySet()));
                assertEquals(200L * ((Long) r.get("pairs")), stats.get("samples"));
            }
        }
        String page = Files.readString(md);
        assertTrue(page.contains("| notify | 1 | 200 |") && page.contains("| spin | 2 | 400 |"), page);
        assertTrue(page.contains("Reproduce: `bin/jremix signal --pairs 1,2"), page);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--pairs x", "--pairs 0", "--rate 2.5", "--duration -1", "--mechanisms futex", "--bogus 1",
            "stray", "--csv"})
    void badArgumentsExitWith2AndOneLine(String args) {
        assertEquals(2, run(args.split(" ")));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("jremix signal: "), err.toString());
    }

    @Test
    void resultFilesThatWouldBeLostAreRefusedBeforeMeasuring(@TempDir Path dir) {
        String same = dir.resolve("s.txt").toString();
        assertEquals(2, run("--csv", same, "--markdown", dir.resolve("./s.txt").toString()));
        assertEquals("jremix signal: '--csv " + same + "' and '--markdown " + dir.resolve("./s.txt") + "' name the same"
                + " file, " + same + ": give each output a file of its own (see --help)", err.toString().strip());
        assertEquals("", out.toString(), "nothing measured");
    }

    @Test
    void helpDescribesTheMeasurements() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("coordinated omission"), out.toString());
    }

    @Test
    void binJremixDispatchesSignalAndItsOldNameBenchSignal() throws Exception {
        Path jremix = Path.of(System.getProperty("jremix.home", "..")).resolve("bin/jremix");
        ProcessBuilder pb = new ProcessBuilder(jremix.toString(), "signal", "--mechanisms", "spin", "--rate", "1000",
                "--warmup", "0", "--duration", "0.05").redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("JREMIX_JAVA");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.lines().anyMatch(l -> l.matches("spin +1 +50 .*")), output);

        Process bad = new ProcessBuilder(jremix.toString(), "bench", "signal", "--rate", "0").redirectErrorStream(true).start();
        String message = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, bad.exitValue(), message);
        assertTrue(message.contains("bad value in '--rate 0': must be from 1 to 1000000"), message);
    }
}
