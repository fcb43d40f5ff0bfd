package io.jremix.bench.spark;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Stats;
import io.jremix.bench.suite.Mode;
import io.jremix.bench.suite.SuiteRun;

/** The Spark jobs' results: medians per job and mode, ratios to plain java, and the VBD-HotSpot paper's figures. */
final class SparkTable {
    /**
     * A kind of spark-perf job, whose selected jobs run one after another in one JVM (one Spark application, as
     * spark-perf runs them), with VBD-HotSpot's slowdown on it (local mode, the paper's corrected appendix).
     */
    enum Kind {
        SPARK_TESTS("spark-tests", 1.79, "spark-tests"), MLLIB("mllib", 1.67, "spark-mllib");

        final String label;
        final double vbdHotSpot;
        /** The name of its relaxed list in bench/vbd-relaxed/, beside the suite workloads'. */
        final String relaxedList;

        Kind(String label, double vbdHotSpot, String relaxedList) {
            this.label = label;
            this.vbdHotSpot = vbdHotSpot;
            this.relaxedList = relaxedList;
        }
    }

    /** A job of bench/spark's {@code SparkJobs}. */
    record Job(String name, Kind kind, String description) {
    }

    static final List<Job> JOBS = List.of(
            new Job("rdd-aggregate", Kind.SPARK_TESTS, "reduceByKey, 500k pairs, 10k keys"),
            new Job("rdd-sort", Kind.SPARK_TESTS, "sortByKey, 500k pairs"),
            new Job("rdd-count", Kind.SPARK_TESTS, "filter and count, 500k pairs"),
            new Job("rdd-join", Kind.SPARK_TESTS, "join, 2 × 31k pairs on 10k keys"),
            new Job("df-aggregate", Kind.SPARK_TESTS, "groupBy(k).sum(v), 500k rows"),
            new Job("df-sort", Kind.SPARK_TESTS, "orderBy(v), 500k rows"),
            new Job("df-count", Kind.SPARK_TESTS, "filter and count, 500k rows"),
            new Job("df-join", Kind.SPARK_TESTS, "sort-merge join on k, 2 × 31k rows"),
            new Job("mllib-logistic", Kind.MLLIB, "logistic regression, 50k points × 10, 20 iterations"),
            new Job("mllib-kmeans", Kind.MLLIB, "k-means, k = 5, 50k points × 10, 10 iterations"));

    /** One JVM: its measured iterations and the checksum of its result. */
    record Run(List<Double> measuredMs, String checksum) {
        /** A job's run in what a {@code SparkJobs} JVM printed, or an exception saying why it measured nothing. */
        static Run of(Command.Result r, String job, int iterations) throws IOException {
            String lines = r.stdout().lines().filter(l -> l.startsWith("job " + job + " "))
                    .map(l -> l.substring(("job " + job + " ").length())).collect(Collectors.joining("\n"));
            List<Double> ms = SuiteRun.measuredMs(new Command.Result(r.exit(), lines, r.stderr()), iterations);
            String prefix = "checksum " + job + " ";
            String checksum = r.stdout().lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                    .findFirst().orElseThrow(() -> new IOException("no checksum line: " + r.stdout()));
            return new Run(ms, checksum);
        }

        double meanMs() {
            return Stats.mean(measuredMs);
        }
    }

    /** A job under one mode: each invocation's mean and checksum, or the error that stopped it. */
    record Cell(List<Double> invocationMs, List<String> checksums, String error) {
        static Cell of(List<Run> runs) {
            return new Cell(runs.stream().map(Run::meanMs).toList(), runs.stream().map(Run::checksum).toList(), null);
        }

        static Cell failed(String error) {
            return new Cell(List.of(), List.of(), error);
        }

        boolean ok() {
            return error == null;
        }

        double medianMs() {
            return Stats.median(invocationMs);
        }
    }

    private final String sparkVersion;
    private final List<Job> jobs;
    private final Map<String, Map<Mode, Cell>> results;

    SparkTable(String sparkVersion, List<Job> jobs, Map<String, Map<Mode, Cell>> results) {
        this.sparkVersion = sparkVersion;
        this.jobs = jobs;
        this.results = results;
    }

    static List<Job> select(String names) {
        if (names.equals("all")) {
            return JOBS;
        }
        Map<String, Job> byName = JOBS.stream().collect(Collectors.toMap(Job::name, Function.identity()));
        return Arrays.stream(names.split(",")).map(n -> {
            Job job = byName.get(n.trim());
            if (job == null) {
                throw new IllegalArgumentException("no job '" + n.trim() + "'; known: "
                        + String.join(", ", byName.keySet().stream().sorted().toList()));
            }
            return job;
        }).toList();
    }

    /** A job's ratio of a mode's median to plain java's, or null where either failed. */
    Double ratio(String job, Mode mode) {
        Cell plain = results.get(job).get(Mode.PLAIN);
        Cell cell = results.get(job).get(mode);
        return plain.ok() && cell.ok() ? cell.medianMs() / plain.medianMs() : null;
    }

    /** Whether every invocation of the job under the mode computed plain java's first result. */
    boolean checksumsEqual(String job, Mode mode) {
        List<String> plain = results.get(job).get(Mode.PLAIN).checksums();
        Cell cell = results.get(job).get(mode);
        return !plain.isEmpty() && cell.checksums().stream().allMatch(c -> c.equals(plain.get(0)));
    }

    /** Whether every job computed plain java's result in every mode and invocation that ran. */
    boolean checksumsEqual() {
        return jobs.stream().allMatch(j -> SparkBench.MODES.stream()
                .allMatch(m -> !results.get(j.name()).get(m).ok() || checksumsEqual(j.name(), m)));
    }

    private List<Double> ratios(Mode mode, Kind kind) {
        return jobs.stream().filter(j -> kind == null || j.kind() == kind).map(j -> ratio(j.name(), mode))
                .filter(Objects::nonNull).toList();
    }

    /** The geometric mean of a mode's ratios over the jobs of a kind ({@code null}: every job), or null if none ran. */
    Double geometricMean(Mode mode, Kind kind) {
        List<Double> r = ratios(mode, kind);
        return r.isEmpty() ? null : Stats.geometricMean(r);
    }

    Double max(Mode mode) {
        List<Double> r = ratios(mode, null);
        return r.isEmpty() ? null : Stats.max(r);
    }

    String markdown(Map<String, Object> machine, int invocations, int warmup, int iterations) {
        StringBuilder md = new StringBuilder("# Spark under volatile-by-default\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ", load average %s at the start. Spark"
                        + " %s, `local[2]`; one JVM per kind of job and mode runs its jobs one after another, each with %d"
                        + " warm-up and %d measured iterations (their mean is the invocation's time); %d JVM invocations per kind and mode,"
                        + " the modes interleaved. Cells are the"
                        + " median over invocations in ms, with the fastest and slowest invocation; ratios are to plain"
                        + " java. *result*: every invocation's checksum equals plain java's.%n%n", machine.get("load"),
                sparkVersion, warmup, iterations, invocations));
        md.append("| job | kind | what | plain ms | vbd ms | ratio | vbd-relaxed ms | ratio | result |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---|\n");
        for (Job j : jobs) {
            md.append("| ").append(j.name()).append(" | ").append(j.kind().label).append(" | ")
                    .append(j.description()).append(" |");
            for (Mode m : SparkBench.MODES) {
                Cell c = results.get(j.name()).get(m);
                md.append(' ').append(c.ok() ? Stats.medianRange(c.invocationMs(), "%.0f") : "error").append(" |");
                if (m != Mode.PLAIN) {
                    md.append(' ').append(times(ratio(j.name(), m))).append(" |");
                }
            }
            md.append(' ').append(SparkBench.MODES.stream().skip(1).allMatch(m -> !results.get(j.name()).get(m).ok()
                    || checksumsEqual(j.name(), m)) ? "equal" : "**differs**").append(" |\n");
        }
        md.append("\n| jobs | jremix `-XX:+VBD` | with 20 hot methods relaxed | VBD-HotSpot |\n|---|---:|---:|---:|\n");
        for (Kind k : Kind.values()) {
            md.append(String.format(Locale.ROOT, "| %s, geometric mean | %s | %s | %.2f× |%n", k.label,
                    times(geometricMean(Mode.VBD, k)), times(geometricMean(Mode.VBD_RELAXED, k)), k.vbdHotSpot));
        }
        md.append(String.format(Locale.ROOT, "| all, geometric mean | %s | %s | |%n| all, maximum | %s | %s | |%n",
                times(geometricMean(Mode.VBD, null)), times(geometricMean(Mode.VBD_RELAXED, null)),
                times(max(Mode.VBD)), times(max(Mode.VBD_RELAXED))));
        md.append("\nVBD-HotSpot's figures are its paper's (OOPSLA 2017, local mode, corrected appendix), on its own"
                + " machine and Spark version: beside these, not measured here.\n\n");
        results.forEach((job, row) -> row.forEach((m, c) -> {
            if (!c.ok()) {
                md.append("- Error: `").append(job).append("` under `").append(m.key()).append("`: ")
                        .append(c.error()).append('\n');
            } else if (m != Mode.PLAIN && !checksumsEqual(job, m)) {
                md.append("- `").append(job).append("` under `").append(m.key()).append("` computed ")
                        .append(c.checksums()).append(", plain java ").append(row.get(Mode.PLAIN).checksums())
                        .append('\n');
            }
        }));
        md.append("- `vbd-relaxed` reads `bench/vbd-relaxed/spark-tests.txt` or `spark-mllib.txt`, the 20 hottest"
                + " program methods of that kind's JVM under VBD (JFR), from `bench/run-spark --hot-methods`.\n");
        md.append("\nReproduce: `bench/run-spark` (docs/benchmarks.md).\n");
        return md.toString();
    }

    Map<String, Object> json(Map<String, Object> machine, int invocations, int warmup, int iterations) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("machine", machine);
        doc.put("date", LocalDate.now().toString());
        doc.put("settings", Map.of("spark", sparkVersion, "master", "local[2]", "invocations", invocations,
                "warmup", warmup, "iterations", iterations));
        List<Object> rows = new ArrayList<>();
        for (Job j : jobs) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("job", j.name());
            row.put("kind", j.kind().label);
            results.get(j.name()).forEach((m, c) -> {
                Map<String, Object> cell = new LinkedHashMap<>();
                if (c.ok()) {
                    cell.put("medianMs", c.medianMs());
                    cell.put("invocationMs", c.invocationMs());
                    cell.put("checksums", c.checksums());
                    if (m != Mode.PLAIN) {
                        cell.put("ratio", ratio(j.name(), m));
                        cell.put("checksumsEqual", checksumsEqual(j.name(), m));
                    }
                } else {
                    cell.put("error", c.error());
                }
                row.put(m.key(), cell);
            });
            rows.add(row);
        }
        doc.put("jobs", rows);
        Map<String, Object> summary = new LinkedHashMap<>();
        for (Mode m : SparkBench.MODES.subList(1, SparkBench.MODES.size())) {
            Map<String, Object> s = new LinkedHashMap<>();
            for (Kind k : Kind.values()) {
                s.put(k.label + "GeometricMean", geometricMean(m, k));
            }
            s.put("geometricMean", geometricMean(m, null));
            s.put("max", max(m));
            summary.put(m.key(), s);
        }
        doc.put("summary", summary);
        doc.put("vbdHotSpot", Map.of(Kind.SPARK_TESTS.label, Kind.SPARK_TESTS.vbdHotSpot, Kind.MLLIB.label,
                Kind.MLLIB.vbdHotSpot));
        return doc;
    }

    private static String times(Double ratio) {
        return ratio == null ? "–" : String.format(Locale.ROOT, "%.2f×", ratio);
    }
}
