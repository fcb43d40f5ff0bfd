package io.jremix.bench.spark;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.suite.HotMethods;
import io.jremix.bench.suite.Mode;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * Volatile-by-default on Spark, as the VBD-HotSpot paper measured it: bench/spark's jobs (spark-perf's spark-tests
 * and two mllib trainings, local mode) under plain java, {@code -XX:+VBD}, and VBD with each job's hottest methods
 * relaxed; one job per JVM, invocations interleaved across modes; each JVM's result checksum must equal plain
 * java's. Writes a table beside the paper's figures as Markdown and JSON.
 */
public final class SparkBench {
    private static final String USAGE = """
            usage: bench/run-spark [--jobs all|NAME,...] [--invocations 3] [--warmup 2] [--iterations 3]
                                   [--hot-methods] [--top 20] [--out bench/results/spark]
              runs the Spark jobs of bench/spark under plain java, -XX:+VBD and -XX:+VBD with a relaxed list, one
              JVM per kind of job (spark-tests, mllib); --hot-methods first writes the kinds' relaxed lists
              bench/vbd-relaxed/spark-tests.txt and spark-mllib.txt (the JVM's --top hottest program methods under
              VBD, by JFR, as bench/run-hot-methods does for the suite; written anyway where missing)
            jobs:\s""" + String.join(", ", SparkTable.JOBS.stream().map(SparkTable.Job::name).toList());
    static final List<Mode> MODES = List.of(Mode.PLAIN, Mode.VBD, Mode.VBD_RELAXED);

    /**
     * @param home        the jremix checkout (for {@code bin/jremix} and the relaxed lists)
     * @param java        the {@code java} binary of the measured JVMs
     * @param classpath   bench/spark's classes and Spark's jars
     * @param jvmOptions  what Spark's launcher adds to every JVM it starts on this JDK (the modules it opens)
     */
    record Settings(Path home, Path java, String classpath, List<String> jvmOptions, int warmup, int iterations) {
    }

    private final Settings settings;

    SparkBench(Settings settings) {
        this.settings = settings;
    }

    /** Spark's version, from the name of its core jar on {@code classpath}: {@code spark-core_2.13-4.0.1.jar}. */
    static String sparkVersion(String classpath) {
        return Arrays.stream(classpath.split(java.io.File.pathSeparator)).map(e -> e.substring(e.lastIndexOf(File.separatorChar) + 1))
                .filter(n -> n.startsWith("spark-core_") && n.endsWith(".jar"))
                .map(n -> n.substring(n.indexOf('-', "spark-core_".length()) + 1, n.length() - ".jar".length()))
                .findFirst().orElse("(version unknown)");
    }

    /** The JVM options Spark's own launcher adds ({@code JavaModuleOptions}), read from Spark's jars. */
    static List<String> sparkModuleOptions(String classpath) throws ReflectiveOperationException, IOException {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null)) {
            String options = (String) loader.loadClass("org.apache.spark.launcher.JavaModuleOptions")
                    .getMethod("defaultModuleOptions").invoke(null);
            return Arrays.stream(options.trim().split("\\s+")).toList();
        }
    }

    private List<String> command(Mode mode, SparkTable.Kind kind, List<SparkTable.Job> jobs, List<String> extra) {
        List<String> argv = new ArrayList<>();
        if (mode == Mode.PLAIN) {
            argv.add(settings.java().toString());
        } else {
            argv.add(settings.home().resolve("bin/jremix").toString());
            argv.addAll(mode.options(settings.home(), kind.relaxedList));
        }
        argv.addAll(settings.jvmOptions());
        argv.addAll(extra);
        argv.addAll(List.of("-cp", settings.classpath(), "io.jremix.bench.spark.SparkJobs",
                String.join(",", jobs.stream().map(SparkTable.Job::name).toList()),
                "--warmup", Integer.toString(settings.warmup()), "--iterations", Integer.toString(settings.iterations())));
        return argv;
    }

    /**
     * Measures the jobs under {@link #MODES}: per kind, {@code invocations} rounds of one JVM per mode, so that a
     * drift of the machine's load hits every mode alike.
     */
    Map<String, Map<Mode, SparkTable.Cell>> measure(List<SparkTable.Job> jobs, int invocations)
            throws InterruptedException {
        Map<String, Map<Mode, List<SparkTable.Run>>> runs = new LinkedHashMap<>();
        Map<String, Map<Mode, String>> errors = new LinkedHashMap<>();
        jobs.forEach(j -> {
            runs.put(j.name(), new LinkedHashMap<>());
            errors.put(j.name(), new LinkedHashMap<>());
        });
        for (SparkTable.Kind kind : SparkTable.Kind.values()) {
            List<SparkTable.Job> ofKind = jobs.stream().filter(j -> j.kind() == kind).toList();
            for (int i = 1; i <= invocations && !ofKind.isEmpty(); i++) {
                for (Mode m : MODES) {
                    Command.Result r;
                    try {
                        r = Command.withJava(command(m, kind, ofKind, List.of()), settings.java()).run();
                    } catch (IOException e) {
                        r = new Command.Result(-1, "", e.getMessage());
                    }
                    for (SparkTable.Job j : ofKind) {
                        try {
                            SparkTable.Run run = SparkTable.Run.of(r, j.name(), settings.iterations());
                            runs.get(j.name()).computeIfAbsent(m, k -> new ArrayList<>()).add(run);
                            System.err.printf(Locale.ROOT, "%-14s %-11s invocation %d/%d: %8.1f ms, checksum %s%n",
                                    j.name(), m.key(), i, invocations, run.meanMs(), run.checksum());
                        } catch (IOException e) {
                            errors.get(j.name()).putIfAbsent(m, e.getMessage());
                            System.err.printf(Locale.ROOT, "%-14s %-11s invocation %d/%d: ERROR %s%n", j.name(),
                                    m.key(), i, invocations, e.getMessage());
                        }
                    }
                }
            }
        }
        Map<String, Map<Mode, SparkTable.Cell>> results = new LinkedHashMap<>();
        for (SparkTable.Job j : jobs) {
            Map<Mode, SparkTable.Cell> row = new LinkedHashMap<>();
            for (Mode m : MODES) {
                String error = errors.get(j.name()).get(m);
                row.put(m, error != null ? SparkTable.Cell.failed(error) : SparkTable.Cell.of(runs.get(j.name()).get(m)));
            }
            results.put(j.name(), row);
        }
        return results;
    }

    /**
     * Writes a kind's relaxed list: the {@code top} hottest program methods of its JVM under VBD, ranked as the
     * suite's are.
     */
    void writeHotMethods(SparkTable.Kind kind, List<SparkTable.Job> jobs, int top)
            throws IOException, InterruptedException {
        Path jfr = Files.createTempFile("jremix-hot-" + kind.relaxedList, ".jfr");
        try {
            Command.withJava(command(Mode.VBD, kind, jobs, List.of("-XX:StartFlightRecording=filename=" + jfr
                    + ",settings=profile")), settings.java()).run().orThrow();
            HotMethods.Ranking ranking = HotMethods.rank(jfr);
            Path list = Mode.relaxedLists(settings.home()).resolve(kind.relaxedList + ".txt");
            AtomicFiles.write(list, HotMethods.patternFile(kind.relaxedList, ranking, top,
                    "bench/run-spark --hot-methods"));
            System.err.printf(Locale.ROOT, "%-14s %d samples, %d program methods, top %d written to %s%n",
                    kind.relaxedList, ranking.samples(), ranking.methods().size(),
                    Math.min(top, ranking.methods().size()), settings.home().relativize(list));
        } finally {
            Files.deleteIfExists(jfr);
        }
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-spark", USAGE, args, List.of("--hot-methods"),
                "--classpath", "--jobs", "--invocations", "--warmup", "--iterations", "--top", "--out");
        String classpath = o.text("--classpath", null);
        if (classpath == null) {
            throw o.refuse("--classpath (bench/spark's classes and Spark's jars) is missing: run bench/run-spark");
        }
        List<SparkTable.Job> jobs = o.value("--jobs", SparkTable.JOBS, SparkTable::select);
        int invocations = o.count("--invocations", 3, 1);
        int top = o.count("--top", 20, 1);
        Path out = o.path("--out", home.resolve("bench/results/spark"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        SparkBench bench = new SparkBench(new Settings(home, java, classpath, sparkModuleOptions(classpath),
                o.count("--warmup", 2, 0), o.count("--iterations", 3, 1)));
        for (SparkTable.Kind kind : SparkTable.Kind.values()) {
            List<SparkTable.Job> ofKind = jobs.stream().filter(j -> j.kind() == kind).toList();
            Path list = Mode.relaxedLists(home).resolve(kind.relaxedList + ".txt");
            if (!ofKind.isEmpty() && (o.flag("--hot-methods") || !Files.isRegularFile(list))) {
                bench.writeHotMethods(kind, ofKind, top);
            }
        }
        Map<String, Object> machine = Machine.describe(java);
        machine.put("load", Machine.loadAverage());
        Map<String, Map<Mode, SparkTable.Cell>> results = bench.measure(jobs, invocations);
        SparkTable table = new SparkTable(sparkVersion(classpath), jobs, results);
        Files.createDirectories(out.toAbsolutePath().getParent());
        AtomicFiles.write(Path.of(out + ".md"), table.markdown(machine, invocations, bench.settings.warmup(),
                bench.settings.iterations()));
        AtomicFiles.write(Path.of(out + ".json"), Json.write(table.json(machine, invocations,
                bench.settings.warmup(), bench.settings.iterations())));
        System.err.println("bench/run-spark: wrote " + out + ".md and .json");
        if (!table.checksumsEqual()) {
            System.err.println("bench/run-spark: a job's result under VBD differs from plain java's (see the table)");
            System.exit(1);
        }
    }
}
