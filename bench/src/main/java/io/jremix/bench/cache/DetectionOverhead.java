package io.jremix.bench.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;
import io.jremix.report.Json;

/**
 * How much {@code -remix:detect} slows a program, against plain {@code java} on the same machine in the same run:
 * while the detection window is open (probes in every traced class), and after it closed (classes restored, probe
 * gate shut). Each workload runs {@code rounds} times in one JVM ({@link Rounds}); the first {@code warmup} rounds
 * are dropped, the rest averaged, and the median over {@code runs} JVMs is reported. The window-open run also
 * reports what was found and how fast.
 *
 * <p>Usage: {@code bench/run-detection-overhead [--runs N] [--rounds N] [--warmup N] [--out FILE.md] [--only NAME[,NAME...]]}
 */
public final class DetectionOverhead {
    private static final String W = "io.jremix.workloads.cache.";

    /** A program and arguments sized for a few hundred milliseconds per round. */
    private record Workload(String name, String mainClass, List<String> args, String expectation) {
    }

    private static final List<Workload> WORKLOADS = List.of(
            new Workload("BaseTest (2 threads)", W + "BaseTest", List.of("2", "40000000"), "false sharing"),
            new Workload("BaseTest (4 threads)", W + "BaseTest", List.of("4", "20000000"), "false sharing"),
            new Workload("SpscQueue", W + "SpscQueue", List.of("3000000"), "false + true sharing"),
            new Workload("AdjacentAtomicLongs", W + "AdjacentAtomicLongs", List.of("2", "6000000"), "false sharing"),
            new Workload("LongArrayCounters", W + "LongArrayCounters", List.of("2", "50000000"), "false sharing"),
            new Workload("SharedAtomicLong", W + "SharedAtomicLong", List.of("2", "25000000"), "true sharing"),
            new Workload("FieldUpdaterCounters", W + "FieldUpdaterCounters", List.of("2", "8000000"), "false sharing"),
            new Workload("SeparateLines (control)", W + "SeparateLines", List.of("2", "800000000"), "none"),
            new Workload("SingleThread (control)", W + "SingleThread", List.of("30000000"), "none"),
            new Workload("PublishedCounters (control)", W + "PublishedCounters", List.of("30000000"), "none"),
            new Workload("MatrixMultiply (CPU-heavy, no sharing)", "io.jremix.bench.cache.MatrixMultiply",
                    List.of("2", "300", "10"), "none"));

    /**
     * Tracing bursts as docs/cache-contention.md recommends them for a long-running program, at the ratio they take
     * by default: 1:10 within bursts 1% of the time, one access in 1000 of the window as without bursts.
     */
    public static final List<String> BURSTS = List.of("-XX:REMIXBurst=0.5ms", "-XX:REMIXBurstEvery=50ms");

    /**
     * The same bursts, but only one, at the start of the window: probed methods run their unprobed copy all along,
     * so this is what the copies' checks cost on their own, before any burst has made the JIT compile the probed
     * copy into the loop.
     */
    private static final List<String> ONE_BURST = List.of("-XX:REMIXBurst=0.5ms", "-XX:REMIXBurstEvery=3600s",
            "-XX:REMIXSamplingRatio=10");

    /** The six ways each workload runs. */
    private enum Mode {
        PLAIN(List.of()),
        WINDOW(List.of("-remix:detect", "-XX:REMIXWindow=3600", "-XX:REMIXMaxWindow=3600")),
        UNSHED(Stream.concat(WINDOW.options.stream(), Stream.of("-XX:REMIXShedAfter=0")).toList()),
        BURSTS(Stream.concat(WINDOW.options.stream(), DetectionOverhead.BURSTS.stream()).toList()),
        CHECKS(Stream.concat(WINDOW.options.stream(), ONE_BURST.stream()).toList()),
        AFTER(List.of("-remix:detect", "-XX:REMIXWindow=0.2", "-XX:REMIXMaxWindow=0.5"));

        final List<String> options;

        Mode(List<String> options) {
            this.options = options;
        }
    }

    private DetectionOverhead() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-detection-overhead",
                "usage: bench/run-detection-overhead [--runs N] [--rounds N] [--warmup N] [--out FILE.md] [--only NAME[,NAME...]]",
                args, "--runs", "--rounds", "--warmup", "--out", "--only");
        RoundsPlan plan = RoundsPlan.read(o, 5, 10, 4);
        Path out = o.path("--out", home.resolve("bench/results/detection-overhead.md"));
        String only = o.text("--only", null);
        List<String> names = only == null ? List.of("") : List.of(only.split(","));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = home.resolve("bench/target/jremix-bench.jar") + ":" + home.resolve("workloads/target/jremix-workloads.jar");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Workload w : WORKLOADS) {
            if (names.stream().noneMatch(w.name::startsWith)) {
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", w.name);
            row.put("expected", w.expectation);
            for (Mode mode : Mode.values()) {
                List<Double> perRun = new ArrayList<>();
                for (int r = 0; r < plan.runs(); r++) {
                    Path report = Files.createTempFile("detect", ".json");
                    List<String> argv = new ArrayList<>();
                    argv.add(mode == Mode.PLAIN ? java.toString() : home.resolve("bin/jremix").toString());
                    argv.addAll(mode.options);
                    if (mode != Mode.PLAIN) {
                        argv.add("-XX:REMIXReport=" + report);
                    }
                    argv.addAll(List.of("-cp", classpath, Rounds.class.getName(), Integer.toString(plan.rounds()), w.mainClass));
                    argv.addAll(w.args);
                    Command.Result result = Command.withJava(argv, java).run().orThrow();
                    double ms = result.meanRoundMs(plan.warmup());
                    perRun.add(ms);
                    System.err.printf(Locale.ROOT, "%-40s %-6s run %d/%d: %8.1f ms/round%n", w.name, mode, r + 1, plan.runs(), ms);
                    if ((mode == Mode.WINDOW || mode == Mode.BURSTS) && r == 0) {
                        row.putAll(detection(Json.parse(Files.readString(report)),
                                mode == Mode.WINDOW ? "" : "bursts"));
                    }
                    Files.deleteIfExists(report);
                }
                String key = mode.name().toLowerCase(Locale.ROOT);
                row.put(key + "Ms", Stats.median(perRun));
                row.put(key + "MinMs", perRun.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
                row.put(key + "MaxMs", perRun.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
            }
            rows.add(row);
        }
        write(out, rows, plan, java);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> detection(Object report, String prefix) {
        Map<String, Object> doc = (Map<String, Object>) report;
        List<Map<String, Object>> findings = (List<Map<String, Object>>) doc.get("findings");
        Map<String, Object> m = new LinkedHashMap<>();
        List<String> found = new ArrayList<>();
        double firstDetection = Double.NaN;
        double fastest = Double.NaN;
        for (Map<String, Object> f : findings) {
            found.add(f.get("kind") + " " + simpleName((String) f.get("className")) + fields(f));
            double at = ((Number) f.get("detectedSeconds")).doubleValue();
            double after = ((Number) f.get("detectionMillis")).doubleValue();
            firstDetection = Double.isNaN(firstDetection) ? at : Math.min(firstDetection, at);
            fastest = Double.isNaN(fastest) ? after : Math.min(fastest, after);
        }
        m.put(key(prefix, "found"), found.isEmpty() ? "none" : String.join("; ", found));
        m.put(key(prefix, "detectedSeconds"), firstDetection);
        m.put(key(prefix, "detectionMillis"), fastest);
        return m;
    }

    private static String key(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static String detected(Map<String, Object> row, String prefix) {
        double at = (double) row.get(key(prefix, "detectedSeconds"));
        return Double.isNaN(at) ? "–"
                : String.format(Locale.ROOT, "%.2f s (%.0f ms)", at, (double) row.get(key(prefix, "detectionMillis")));
    }

    private static String fields(Map<String, Object> f) {
        @SuppressWarnings("unchecked")
        List<String> fields = (List<String>) f.get("fields");
        return fields.isEmpty() ? "" : " (" + String.join(", ", fields) + ")";
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static String cell(Map<String, Object> row, String mode) {
        return String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", (double) row.get(mode + "Ms"),
                (double) row.get(mode + "MinMs"), (double) row.get(mode + "MaxMs"));
    }


    private static void write(Path out, List<Map<String, Object>> rows, RoundsPlan plan, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder();
        md.append("# Detection overhead: plain java against `bin/jremix -remix:detect`\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Each cell is the median over %d JVMs "
                + "of the mean time per round, rounds %d..%d of %d (the first %d are warm-up).%n%n",
                plan.runs(), plan.warmup() + 1,
                plan.rounds(), plan.rounds(), plan.warmup()));
        md.append("- **window open**: `-XX:REMIXWindow=3600 -XX:REMIXMaxWindow=3600`, probes stay in all run long and"
                + " trace all the time (the default, one access in 1000); a class whose sampled accesses show no"
                + " contention stops being traced a second after two threads had sampled it (`-XX:REMIXShedAfter`, the"
                + " default; each round runs its threads anew).\n");
        md.append("- **every class all window**: the same with `-XX:REMIXShedAfter=0`, every class traced until the"
                + " window closes, as before classes were shed.\n");
        md.append("- **bursts**: the same window, traced in bursts: `" + String.join(" ", BURSTS) + "`; probed methods"
                + " run a copy of their own code between bursts (duplicated bodies).\n");
        md.append("- **checks only**: the same, but one burst at the start of the window (`" + String.join(" ", ONE_BURST)
                + "`): the copy without probes runs all along, and this is what its checks at method entry and in loops"
                + " cost before a burst has sent a loop through its probed copy.\n");
        md.append("- **after window**: `-XX:REMIXWindow=0.2 -XX:REMIXMaxWindow=0.5`, the window closes during the first"
                + " round; later rounds run with the probe gate shut and the classes restored, except the workload's"
                + " own class, whose `main` is running all along: it keeps its probes, switched off.\n");
        md.append("- Cells are `median (fastest–slowest run)`; ratios are medians over plain medians. A filler of"
                + " varied size before each round varies where the shared objects land, so that contention that"
                + " depends on placement is averaged (except BaseTest, which allocates its objects once per JVM, as"
                + " the REMIX paper's example does in its static initializer).\n");
        md.append("- **detected**: seconds from JVM start to the first finding, and milliseconds from the first sampled"
                + " coherence miss to the decision (first window-open run, and first bursts run).\n\n");
        md.append("Reproduce: `bench/run-detection-overhead` (after `mvn -B -DskipTests package`).\n\n");
        md.append("| workload | expected | found | plain ms/round | window open | ratio | detected | every class all"
                + " window | ratio | bursts | ratio | found with bursts | detected | checks only | ratio | after window"
                + " | ratio |\n");
        md.append("|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|---:|---:|---:|---:|\n");
        for (Map<String, Object> r : rows) {
            double plain = (double) r.get("plainMs");
            md.append(String.format(Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %.2f× | %s | %s | %.2f× | %s | %.2f× | %s | %s | %s | %.2f× | %s | %.2f× |%n",
                    r.get("workload"), r.get("expected"), r.get("found"), cell(r, "plain"), cell(r, "window"),
                    (double) r.get("windowMs") / plain, detected(r, ""), cell(r, "unshed"),
                    (double) r.get("unshedMs") / plain, cell(r, "bursts"),
                    (double) r.get("burstsMs") / plain, r.get("burstsFound"), detected(r, "bursts"), cell(r, "checks"),
                    (double) r.get("checksMs") / plain, cell(r, "after"), (double) r.get("afterMs") / plain));
        }
        RoundsTable.write(out, md.toString(), machine, plan, rows);
    }
}
