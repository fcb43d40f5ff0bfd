package io.jremix.bench.jcstress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Machine;
import io.jremix.jcstress.results.JcstressRun;
import io.jremix.jcstress.results.ResultFile;
import io.jremix.jcstress.results.TestCatalogue;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * jremix's jcstress tests ({@code jcstress/}) run by jcstress twice: with plain {@code java}, then under
 * {@code bin/jremix -XX:+VBD}, which jcstress passes on to every fork it starts. Each run works in its own directory
 * under {@code bench/target/jcstress/} (its log, jcstress's result file and HTML report stay there, with
 * {@code runs.json}, how both were run); the table counts per test the samples whose outcome is not sequentially
 * consistent ({@link JcstressTable}). {@code --from} writes the table again from the runs left in such a directory.
 *
 * <p>Usage: {@code bench/run-jcstress [--preset sanity|quick|default|tough|stress] [--tests REGEX]
 * [--jcstress "OPTIONS"] [--out FILE.md] [--from DIR]}
 */
public final class JcstressBench {
    static final String SCRIPT = "bench/run-jcstress";
    static final String USAGE = "usage: bench/run-jcstress [--preset sanity|quick|default|tough|stress] [--tests REGEX]"
            + " [--jcstress \"OPTIONS\"] [--out FILE.md] [--from DIR]\n"
            + "  --preset   jcstress's -m (default quick: about 20 min plain and 20 under VBD on 2 cores)\n"
            + "  --tests    jcstress's -t, which tests (default: all of io.jremix.jcstress)\n"
            + "  --jcstress more jcstress options for both runs, e.g. \"-c 2 -time 500\"\n"
            + "  --out      the table (default bench/results/jcstress.md; the JSON goes next to it)\n"
            + "  --from     do not run jcstress: write the table from the runs a previous bench/run-jcstress left in DIR\n"
            + "             (bench/target/jcstress)";
    static final String ALL_TESTS = "^io\\.jremix\\.jcstress\\.";
    private static final List<String> PRESETS = List.of("sanity", "quick", "default", "tough", "stress");
    private static final String RUNS = "runs.json";

    private JcstressBench() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse(SCRIPT, USAGE, args, "--preset", "--tests", "--jcstress", "--out", "--from");
        String preset = o.value("--preset", "quick", v -> {
            if (!PRESETS.contains(v)) {
                throw new IllegalArgumentException("must be one of " + String.join(", ", PRESETS) + ", not '" + v + "'");
            }
            return v;
        });
        String tests = o.value("--tests", ALL_TESTS, v -> {
            try {
                Pattern.compile(v);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("not a regular expression: " + e.getDescription() + " in '" + v + "'");
            }
            return v;
        });
        List<String> extra = o.value("--jcstress", List.of(), v -> v.isBlank() ? List.of() : List.of(v.trim().split("\\s+")));
        int cpus = o.value("--jcstress", Runtime.getRuntime().availableProcessors(), v -> cpus(extra));
        Path out = o.path("--out", home.resolve("bench/results/jcstress.md"));
        Path from = o.path("--from", null);
        if (from != null && !Files.isRegularFile(from.resolve(RUNS))) {
            throw o.refuse("--from " + from + " holds no " + RUNS + " of a finished bench/run-jcstress");
        }
        TestCatalogue catalogue = TestCatalogue.fromClassPath();
        if (catalogue.select(tests).isEmpty()) {
            throw o.refuse("--tests '" + tests + "' selects none of jremix's jcstress tests");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path work = from != null ? from : home.resolve("bench/target/jcstress");
        if (from == null) {
            Path jar = home.resolve("jcstress/target/jremix-jcstress.jar");
            if (!Files.isRegularFile(jar) || !Files.isRegularFile(home.resolve("agent/target/jremix-agent.jar"))) {
                System.err.println(SCRIPT + ": build first: mvn -B -DskipTests package");
                System.exit(2);
            }
            List<String> jcstress = new ArrayList<>(List.of("-jar", jar.toString(), "-t", tests, "-m", preset));
            jcstress.addAll(extra);
            clean(work);
            Map<String, Object> runs = new LinkedHashMap<>();
            runs.put("preset", preset);
            runs.put("tests", tests);
            runs.put("extraArgs", extra);
            runs.put("cpus", cpus);
            runs.put("java", java.toString());
            runs.put("plain", run("plain", List.of(java.toString()), jcstress, work.resolve("plain"), java));
            runs.put("vbd", run("vbd", List.of(home.resolve("bin/jremix").toString(), "-XX:+VBD"), jcstress,
                    work.resolve("vbd"), java));
            AtomicFiles.write(work.resolve(RUNS), Json.write(runs));
        }
        write(out, work, catalogue);
    }

    /** The table of the runs in {@code work}, as {@code runs.json} there says they were made. */
    @SuppressWarnings("unchecked")
    private static void write(Path out, Path work, TestCatalogue catalogue) throws IOException, InterruptedException {
        Map<String, Object> runs = (Map<String, Object>) Json.parse(Files.readString(work.resolve(RUNS)));
        String preset = (String) runs.get("preset");
        String tests = (String) runs.get("tests");
        List<String> extra = (List<String>) runs.get("extraArgs");
        int cpus = ((Number) runs.get("cpus")).intValue();
        JcstressRun plain = JcstressRun.read(work.resolve("plain"), catalogue, tests, cpus);
        JcstressRun vbd = JcstressRun.read(work.resolve("vbd"), catalogue, tests, cpus);
        String reproduce = SCRIPT + (preset.equals("quick") ? "" : " --preset " + preset)
                + (tests.equals(ALL_TESTS) ? "" : " --tests '" + tests + "'")
                + (extra.isEmpty() ? "" : " --jcstress \"" + String.join(" ", extra) + "\"");
        Map<String, Object> machine = Machine.describe(Path.of((String) runs.get("java")));
        JcstressTable.write(out, machine, new JcstressTable.Settings(preset, tests, extra, cpus, reproduce),
                new JcstressTable.Runs(plain, seconds(runs, "plain"), vbd, seconds(runs, "vbd")));
    }

    @SuppressWarnings("unchecked")
    private static double seconds(Map<String, Object> runs, String run) {
        return ((Number) ((Map<String, Object>) runs.get(run)).get("seconds")).doubleValue();
    }

    /** The CPUs jcstress runs on: its {@code -c N} if given, else all of them. */
    static int cpus(List<String> jcstressArgs) {
        int i = jcstressArgs.indexOf("-c");
        if (i < 0) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (i + 1 == jcstressArgs.size()) {
            throw new IllegalArgumentException("jcstress's -c needs a number");
        }
        return Integer.parseInt(jcstressArgs.get(i + 1));
    }

    /** Runs jcstress with {@code launcher} in a new {@code dir}: the command, its exit code and its wall time. */
    private static Map<String, Object> run(String label, List<String> launcher, List<String> jcstress, Path dir,
                                           Path java) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<String> argv = new ArrayList<>(launcher);
        argv.addAll(jcstress);
        Path log = dir.resolve("jcstress.log");
        System.err.println(label + ": " + String.join(" ", argv) + "\n  (in " + dir + ", log " + log + ")");
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("JREMIX_JAVA", java.toString());
        long start = System.nanoTime();
        int exit = pb.start().waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.err.printf(Locale.ROOT, "%s: jcstress exited with %d after %.0f s%n", label, exit, seconds);
        try {
            ResultFile.in(dir);
        } catch (IOException e) {
            List<String> lines = Files.readAllLines(log);
            throw new IOException(e.getMessage() + "; the end of " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())), e);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("argv", argv);
        m.put("exit", exit);
        m.put("seconds", seconds);
        return m;
    }

    private static void clean(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
