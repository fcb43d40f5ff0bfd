package io.jremix.bench.cache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;

/**
 * What a probe costs in each of HotSpot's compiler tiers: {@code PublishedCounters}, one thread counting into an
 * object it published (so every access is probed, and its one class is never shed), under plain {@code java} and with
 * the detection window held open, with the JIT stopped at C1 without profiling (tier 1), at C1 with full profiling
 * (tier 3, where a method runs until C2 has compiled it) and with every tier (C2 at the end). A program with much code
 * runs much of it at tier 3 while C2 catches up, so this is where the probes of a large application cost most.
 * With {@code --baseline}, another built checkout runs the window too, in the same run.
 *
 * <p>Usage: {@code bench/run-probe-tiers [--runs N] [--rounds N] [--warmup N] [--out FILE.md] [--baseline CHECKOUT]}
 */
public final class ProbeTiers {
    private static final String USAGE =
            "usage: bench/run-probe-tiers [--runs N] [--rounds N] [--warmup N] [--out FILE.md] [--baseline CHECKOUT]";
    private static final List<String> WINDOW_OPEN = List.of("-remix:detect", "-XX:REMIXWindow=3600",
            "-XX:REMIXMaxWindow=3600");
    private static final String WORKLOAD = "io.jremix.workloads.cache.PublishedCounters";
    private static final String ITERATIONS = "5000000";

    /** A compiler configuration: its name in the table and the JVM option that makes it. */
    private record Tier(String name, List<String> options) {
    }

    private static final List<Tier> TIERS = List.of(
            new Tier("C1 only (tier 1)", List.of("-XX:TieredStopAtLevel=1")),
            new Tier("C1 with profiling (tier 3)", List.of("-XX:TieredStopAtLevel=3")),
            new Tier("all tiers (C2)", List.of()));

    private ProbeTiers() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-probe-tiers", USAGE, args,
                "--runs", "--rounds", "--warmup", "--out", "--baseline");
        RoundsPlan plan = RoundsPlan.read(o, 3, 8, 3);
        Path out = o.path("--out", home.resolve("bench/results/probe-tiers.md"));
        Path baseline = o.path("--baseline", null);
        if (baseline != null && !Files.isExecutable(baseline.resolve("bin/jremix"))) {
            System.err.println("bench/run-probe-tiers: no bin/jremix in " + baseline);
            System.exit(2);
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = home.resolve("bench/target/jremix-bench.jar") + ":"
                + home.resolve("workloads/target/jremix-workloads.jar");
        Map<String, Path> launchers = new LinkedHashMap<>();
        launchers.put("plain", null);
        launchers.put("window", home.resolve("bin/jremix"));
        if (baseline != null) {
            launchers.put("baseline", baseline.toAbsolutePath().resolve("bin/jremix"));
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Tier tier : TIERS) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("tier", tier.name());
            Map<String, List<Double>> perRun = new LinkedHashMap<>();
            for (int r = 0; r < plan.runs(); r++) { // the ways alternate, so that a busy spell hits each alike
                for (Map.Entry<String, Path> way : launchers.entrySet()) {
                    List<String> argv = new ArrayList<>();
                    argv.add(way.getValue() == null ? java.toString() : way.getValue().toString());
                    argv.addAll(way.getValue() == null ? List.of() : WINDOW_OPEN);
                    argv.addAll(tier.options());
                    argv.addAll(List.of("-cp", classpath, Rounds.class.getName(), Integer.toString(plan.rounds()),
                            WORKLOAD, ITERATIONS));
                    double ms = Command.withJava(argv, java).run().orThrow().meanRoundMs(plan.warmup());
                    perRun.computeIfAbsent(way.getKey(), k -> new ArrayList<>()).add(ms);
                    System.err.printf(Locale.ROOT, "%-28s %-8s run %d/%d: %9.1f ms/round%n", tier.name(), way.getKey(),
                            r + 1, plan.runs(), ms);
                }
            }
            perRun.forEach((way, ms) -> row.put(way + "Ms", Stats.median(ms)));
            rows.add(row);
        }
        Map<String, Object> machine = Machine.describe(java);
        RoundsTable.write(out, markdown(rows, plan, machine, baseline != null), machine, plan, rows);
    }

    private static String markdown(List<Map<String, Object>> rows, RoundsPlan plan, Map<String, Object> machine,
                                   boolean withBaseline) {
        StringBuilder md = new StringBuilder("# The probes' cost in each compiler tier\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". `PublishedCounters %s`, one thread,"
                        + " every access probed; each cell is the median over %d JVMs of the mean ms per round, rounds"
                        + " %d..%d (the first %d are warm-up). Window open: `%s`.%n%n", ITERATIONS, plan.runs(),
                plan.warmup() + 1, plan.rounds(), plan.warmup(), String.join(" ", WINDOW_OPEN)));
        md.append("Reproduce: `bench/run-probe-tiers").append(withBaseline ? " --baseline CHECKOUT" : "")
                .append("` (after `mvn -B -DskipTests package`).\n\n");
        md.append(withBaseline
                ? "| compilers | plain ms/round | window open | ratio | baseline's window open | ratio |\n"
                        + "|---|---:|---:|---:|---:|---:|\n"
                : "| compilers | plain ms/round | window open | ratio |\n|---|---:|---:|---:|\n");
        for (Map<String, Object> r : rows) {
            double plain = (double) r.get("plainMs");
            double window = (double) r.get("windowMs");
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.2f× |", r.get("tier"), plain, window,
                    window / plain));
            if (withBaseline) {
                double base = (double) r.get("baselineMs");
                md.append(String.format(Locale.ROOT, " %.1f | %.2f× |", base, base / plain));
            }
            md.append('\n');
        }
        return md.toString();
    }
}
