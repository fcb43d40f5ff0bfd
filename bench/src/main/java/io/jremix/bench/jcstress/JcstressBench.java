package io.jremix.bench.jcstress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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

/**
 * jremix's jcstress tests ({@code jcstress/}) run by jcstress twice: with plain {@code java}, then under
 * {@code bin/jremix -XX:+VBD}, which jcstress passes on to every fork it starts. Each run works in its own directory
 * under {@code bench/target/jcstress/} (its log, jcstress's result file and HTML report stay there); the table counts
 * per test the samples whose outcome is not sequentially consistent ({@link JcstressTable}).
 *
 * <p>Usage: {@code bench/run-jcstress [--preset sanity|quick|default|tough|stress] [--tests REGEX]
 * [--jcstress "OPTIONS"] [--out FILE.md]}
 */
public final class JcstressBench {
    static final String SCRIPT = "bench/run-jcstress";
    static final String USAGE = "usage: bench/run-jcstress [--preset sanity|quick|default|tough|stress] [--tests REGEX]"
            + " [--jcstress \"OPTIONS\"] [--out FILE.md]\n"
            + "  --preset   jcstress's -m (default quick: about 15 min plain and 25 min under VBD here for all tests)\n"
            + "  --tests    jcstress's -t, which tests (default: all of io.jremix.jcstress)\n"
            + "  --jcstress more jcstress options for both runs, e.g. \"-c 2 -time 500\"\n"
            + "  --out      the table (default bench/results/jcstress.md; the JSON goes next to it)";
    static final String ALL_TESTS = "^io\\.jremix\\.jcstress\\.";
    private static final List<String> PRESETS = List.of("sanity", "quick", "default", "tough", "stress");

    private JcstressBench() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse(SCRIPT, USAGE, args, "--preset", "--tests", "--jcstress", "--out");
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
        TestCatalogue catalogue = TestCatalogue.fromClassPath();
        if (catalogue.select(tests).isEmpty()) {
            throw o.refuse("--tests '" + tests + "' selects none of jremix's jcstress tests");
        }
        Path jar = home.resolve("jcstress/target/jremix-jcstress.jar");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(home.resolve("agent/target/jremix-agent.jar"))) {
            System.err.println(SCRIPT + ": build first: mvn -B -DskipTests package");
            System.exit(2);
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> jcstress = new ArrayList<>(List.of("-jar", jar.toString(), "-t", tests, "-m", preset));
        jcstress.addAll(extra);
        Path work = home.resolve("bench/target/jcstress");

        long start = System.nanoTime();
        JcstressRun plain = run("plain", List.of(java.toString()), jcstress, work.resolve("plain"), java, catalogue,
                tests, cpus);
        double plainSeconds = (System.nanoTime() - start) / 1e9;
        start = System.nanoTime();
        JcstressRun vbd = run("vbd", List.of(home.resolve("bin/jremix").toString(), "-XX:+VBD"), jcstress,
                work.resolve("vbd"), java, catalogue, tests, cpus);
        double vbdSeconds = (System.nanoTime() - start) / 1e9;

        String reproduce = SCRIPT + (preset.equals("quick") ? "" : " --preset " + preset)
                + (tests.equals(ALL_TESTS) ? "" : " --tests '" + tests + "'")
                + (extra.isEmpty() ? "" : " --jcstress \"" + String.join(" ", extra) + "\"");
        Map<String, Object> machine = Machine.describe(java);
        JcstressTable.write(out, machine, new JcstressTable.Settings(preset, tests, extra, cpus, reproduce),
                new JcstressTable.Runs(plain, plainSeconds, vbd, vbdSeconds));
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

    /** Runs jcstress with {@code launcher} in a fresh {@code dir} and reads its results back. */
    private static JcstressRun run(String label, List<String> launcher, List<String> jcstress, Path dir, Path java,
                                   TestCatalogue catalogue, String tests, int cpus)
            throws IOException, InterruptedException {
        clean(dir);
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
        System.err.printf(Locale.ROOT, "%s: jcstress exited with %d after %.0f s%n", label, exit,
                (System.nanoTime() - start) / 1e9);
        try {
            ResultFile.in(dir);
        } catch (IOException e) {
            List<String> lines = Files.readAllLines(log);
            throw new IOException(e.getMessage() + "; the end of " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())), e);
        }
        return JcstressRun.read(dir, catalogue, tests, cpus);
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
