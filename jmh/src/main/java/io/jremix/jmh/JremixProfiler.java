package io.jremix.jmh;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.TextResult;

import io.jremix.options.AgentArguments;
import io.jremix.options.InputFile;
import io.jremix.options.JvmFlags;
import io.jremix.options.OptionException;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.Json;

/**
 * A JMH profiler that runs each fork under jremix's agent with one feature on, writing its JSON report to a
 * temporary file, and after the fork turns that report into results: a summary JMH prints, and numbers JMH adds to
 * its results ({@code -rf json}). The options of the feature are checked when JMH makes the profiler, so a bad one
 * stops the run before any fork with jremix's one line.
 */
abstract class JremixProfiler implements ExternalProfiler {
    private static final String REPORT = "report.json";

    private final String description;
    private final Naming naming;
    private final Path agent;
    private final List<String> options;
    private final Values values;
    private final int rows;
    /** The directory of the report of the fork JMH starts next; made as JMH asks for the fork's JVM options. */
    private Path reportDirectory;

    /**
     * How a feature's results are named: the summary's label (the numbers' labels start with it), what the summary's
     * first line names ({@code cache contention}), what its rows are ({@code finding}, counted as
     * {@code LABEL.findings}), and the name and unit of the first row's size.
     */
    record Naming(String label, String feature, String row, String top, String topUnit) {
    }

    /**
     * @param initLine    what follows the profiler's name in {@code -prof}
     * @param description the profiler's line in JMH's list, and the first of its help
     */
    JremixProfiler(String initLine, String description, Naming naming) throws ProfilerException {
        this.description = description;
        this.naming = naming;
        ProfilerOptions given = ProfilerOptions.parse(initLine, description, List.of(
                new ProfilerOptions.Key("agent", "", "jremix's agent jar, " + AgentJar.BOOT + " beside it (default:"
                        + " found beside this jar, on the class path or under $JREMIX_HOME/lib)"),
                new ProfilerOptions.Key("options", "", "more jremix options, joined by commas as -javaagent takes"
                        + " them: -XX:REMIXThreshold=1000,-XX:REMIXWindow=5"),
                new ProfilerOptions.Key("rows", "5", "rows of the summary; 0: all")));
        this.rows = given.rows("rows");
        this.options = given.text("options").isEmpty() ? List.of() : AgentArguments.split(given.text("options"));
        List<String> all = new ArrayList<>(options);
        all.addAll(featureOptions(Path.of(REPORT)));
        try {
            this.values = Spec.parse(all);
        } catch (OptionException e) {
            throw new ProfilerException("jremix: error: " + e.getMessage());
        }
        this.agent = AgentJar.find(given.text("agent"));
    }

    /** The options that turn the feature on and write its JSON report to {@code report}, after the user's. */
    abstract List<String> featureOptions(Path report);

    /** The report's rows, first first: findings, blockers. */
    abstract List<?> rows(Map<String, Object> report);

    /** How many things the report found (it may show fewer rows). */
    abstract long found(Map<String, Object> report);

    /** A row's size: its misses per second, its parked thread time. */
    abstract double size(Map<?, ?> row);

    /** A row as a line of the summary. */
    abstract String line(Map<?, ?> row);

    @Override
    public String getDescription() {
        return description;
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        try {
            reportDirectory = Files.createTempDirectory("jremix-jmh");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> all = new ArrayList<>(options);
        all.addAll(featureOptions(reportDirectory.resolve(REPORT)));
        List<String> jvm = new ArrayList<>(JvmFlags.of(values, javaFeature(params)));
        jvm.add("-javaagent:" + agent + "=" + AgentArguments.join(all));
        return jvm;
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult result, long pid, File stdOut, File stdErr) {
        Path report = reportDirectory.resolve(REPORT);
        try {
            return read(report);
        } finally {
            report.toFile().delete();
            reportDirectory.toFile().delete();
        }
    }

    /** The results of a fork's report; one line of text instead when there is none or it cannot be read. */
    Collection<? extends Result> read(Path report) {
        try {
            if (!Files.isRegularFile(report)) {
                return List.of(new TextResult("jremix: the fork wrote no report (see its stderr)", naming.label()));
            }
            return results(asObject(Json.parse(InputFile.utf8(report, Json.MAX_LENGTH))), rows);
        } catch (IOException | RuntimeException e) { // a report it cannot read must not fail the benchmark's run
            return List.of(new TextResult("jremix: cannot read the fork's report: " + e, naming.label()));
        }
    }

    /** The summary JMH prints, and the number found and the first row's size as numbers in its results. */
    Collection<? extends Result> results(Map<String, Object> report, int rows) {
        long found = found(report);
        StringBuilder summary = new StringBuilder(String.format(Locale.ROOT, "jremix %s: %d %s%s%n", naming.feature(),
                found, naming.row(), found == 1 ? "" : "s"));
        List<?> all = rows(report);
        for (Object row : rows == 0 ? all : all.subList(0, Math.min(rows, all.size()))) {
            summary.append("  ").append(line((Map<?, ?>) row)).append(System.lineSeparator());
        }
        double top = all.isEmpty() ? 0 : size((Map<?, ?>) all.get(0));
        return List.of(new TextResult(summary.toString(), naming.label()),
                new ScalarResult(naming.label() + "." + naming.row() + "s", found, "#", AggregationPolicy.AVG),
                new ScalarResult(naming.label() + "." + naming.top(), top, naming.topUnit(), AggregationPolicy.AVG));
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    /** The feature version of the fork's JVM, which decides some flags; this JVM's if JMH's text does not say. */
    private static int javaFeature(BenchmarkParams params) {
        try {
            return Runtime.Version.parse(params.getJdkVersion()).feature();
        } catch (RuntimeException e) {
            return Runtime.version().feature();
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asObject(Object json) throws IOException {
        if (!(json instanceof Map)) {
            throw new IOException("not a JSON object");
        }
        return (Map<String, Object>) json;
    }
}
