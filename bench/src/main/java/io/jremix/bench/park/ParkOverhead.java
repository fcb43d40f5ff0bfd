package io.jremix.bench.park;

import java.io.IOException;
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
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;
import io.jremix.report.Json;

/**
 * What {@code -XXgetparkcontention} costs where it costs most: programs that park hundreds of thousands of times a
 * second ({@link ParkHeavy}), against plain {@code java} in the same run. Each JVM runs the program {@code rounds}
 * times ({@link Rounds}); the first {@code warmup} rounds are dropped, the rest averaged; the median over {@code runs}
 * JVMs is reported, with the parks per second the profiler counted.
 *
 * <p>Usage: {@code bench/run-park-overhead [--runs N] [--rounds N] [--warmup N] [--out FILE.md]}
 */
public final class ParkOverhead {
    /** A pattern of {@link ParkHeavy}, sized for about a second per round here. */
    private record Workload(String pattern, int operations) {
    }

    private static final List<Workload> WORKLOADS = List.of(
            new Workload("pingpong", 200_000), new Workload("handoff", 400_000), new Workload("lock", 16_000_000),
            new Workload("forkjoin", 40_000));

    private ParkOverhead() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-park-overhead",
                "usage: bench/run-park-overhead [--runs N] [--rounds N] [--warmup N] [--out FILE.md]",
                args, "--runs", "--rounds", "--warmup", "--out");
        RoundsPlan plan = RoundsPlan.read(o, 5, 8, 3);
        Path out = o.path("--out", home.resolve("bench/results/park-overhead.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = ProgramClassPath.ofHarness();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Workload w : WORKLOADS) {
            List<Double> plain = new ArrayList<>();
            List<Double> profiled = new ArrayList<>();
            List<Double> parksPerSecond = new ArrayList<>();
            for (int r = 0; r < plan.runs(); r++) {
                List<String> program = List.of("-cp", classpath, Rounds.class.getName(), Integer.toString(plan.rounds()),
                        ParkHeavy.class.getName(), w.pattern, Integer.toString(w.operations));
                List<String> argv = new ArrayList<>(List.of(java.toString()));
                argv.addAll(program);
                plain.add(Command.withJava(argv, java).run().orThrow().meanRoundMs(plan.warmup()));
                Path report = Files.createTempFile("park", ".json");
                argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(),
                        "-XXgetparkcontention:report=" + report));
                argv.addAll(program);
                profiled.add(Command.withJava(argv, java).run().orThrow().meanRoundMs(plan.warmup()));
                parksPerSecond.add(parksPerSecond(Json.parse(Files.readString(report))));
                Files.deleteIfExists(report);
                System.err.printf(Locale.ROOT, "%-9s run %d/%d: plain %7.1f ms/round, profiled %7.1f ms/round%n",
                        w.pattern, r + 1, plan.runs(), plain.get(r), profiled.get(r));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", w.pattern);
            row.put("operations", w.operations);
            row.put("plainMs", Stats.median(plain));
            row.put("profiledMs", Stats.median(profiled));
            row.put("parksPerSecond", Stats.median(parksPerSecond));
            row.put("plainRunsMs", plain);
            row.put("profiledRunsMs", profiled);
            rows.add(row);
        }
        write(out, rows, plan, java);
    }

    /** All parks the profiler counted, over the run's length. */
    @SuppressWarnings("unchecked")
    private static double parksPerSecond(Object report) {
        Map<String, Object> doc = (Map<String, Object>) report;
        long parks = 0;
        for (Map<String, Object> b : (List<Map<String, Object>>) doc.get("blockers")) {
            parks += ((Number) b.get("timesParked")).longValue();
        }
        return parks / (((Number) doc.get("totalExecutionMs")).doubleValue() / 1000);
    }

    private static void write(Path out, List<Map<String, Object>> rows, RoundsPlan plan, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder("# Park profiler overhead: plain java against `bin/jremix -XXgetparkcontention`\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Each cell is the median over %d JVMs"
                        + " of the mean ms per round, rounds %d..%d of %d (the first %d are warm-up). *parks/s* is"
                        + " the profiler's count of parks over the whole JVM run.%n%n", plan.runs(), plan.warmup() + 1, plan.rounds(), plan.rounds(), plan.warmup()));
        md.append("| workload | operations per round | parks/s | plain ms/round | profiled ms/round | ratio |\n");
        md.append("|---|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> r : rows) {
            double plain = (double) r.get("plainMs");
            double profiled = (double) r.get("profiledMs");
            md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f | %.2f× |%n", r.get("workload"),
                    (int) r.get("operations"), (double) r.get("parksPerSecond"), plain, profiled, profiled / plain));
        }
        md.append("\nReproduce: `bench/run-park-overhead` (after `mvn -B -DskipTests package`).\n");
        RoundsTable.write(out, md.toString(), machine, plan, rows);
    }
}
