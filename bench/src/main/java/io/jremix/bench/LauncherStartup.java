package io.jremix.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.workloads.ExitWith;

/**
 * What {@code bin/jremix} adds to the start of a program: a program that exits at once, run by plain {@code java},
 * by {@code bin/jremix} without jremix options (the launcher alone), by another checkout's {@code bin/jremix}
 * ({@code --baseline}, e.g. the bash launcher), and the launch plan's JVM alone with and without the flags
 * bin/jremix starts it with. The commands take turns, {@code runs} times each; medians of wall time are reported.
 *
 * <p>Usage: {@code bench/run-launcher-startup [--runs N] [--baseline DIR] [--out FILE.md]}
 */
public final class LauncherStartup {
    /** The flags bin/jremix starts the plan's JVM with. */
    private static final List<String> PLAN_JVM_FLAGS = List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC", "-XX:-UsePerfData");

    private record Variant(String name, List<String> argv) {
    }

    private LauncherStartup() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-launcher-startup",
                "usage: bench/run-launcher-startup [--runs N] [--baseline DIR] [--out FILE.md]",
                args, "--runs", "--baseline", "--out");
        int runs = o.count("--runs", 21, 1);
        Path baseline = o.path("--baseline", null);
        Path out = o.path("--out", home.resolve("bench/results/launcher-startup.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> program = List.of("-cp", System.getProperty("java.class.path"), ExitWith.class.getName(), "0");

        List<Variant> variants = new ArrayList<>();
        variants.add(new Variant("java", concat(List.of(java.toString()), program)));
        variants.add(new Variant("bin/jremix", concat(List.of(home.resolve("bin/jremix").toString()), program)));
        if (baseline != null) {
            variants.add(new Variant("baseline bin/jremix (" + baseline + ")",
                    concat(List.of(baseline.resolve("bin/jremix").toString()), program)));
        }
        List<String> plan = List.of("-Djremix.home=" + home, "-cp", home.resolve("cli/target/jremix-cli.jar").toString(),
                "io.jremix.cli.Main");
        variants.add(new Variant("plan JVM alone, default flags", concat(List.of(java.toString()), plan, program)));
        variants.add(new Variant("plan JVM alone, bin/jremix's flags",
                concat(List.of(java.toString()), PLAN_JVM_FLAGS, plan, program)));

        Map<String, List<Double>> times = new LinkedHashMap<>();
        for (int r = 0; r < runs; r++) {
            for (Variant v : variants) {
                long start = System.nanoTime();
                Command.withJava(v.argv, java).run().orThrow();
                times.computeIfAbsent(v.name, k -> new ArrayList<>()).add((System.nanoTime() - start) / 1e6);
            }
            System.err.printf(Locale.ROOT, "run %d/%d%n", r + 1, runs);
        }
        write(out, times, runs, java);
    }

    private static void write(Path out, Map<String, List<Double>> times, int runs, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        List<Double> plain = times.get("java");
        StringBuilder md = new StringBuilder("# Launcher start-up: what bin/jremix adds before the program starts\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". A program that exits at once"
                + " (ExitWith 0), each command run %d times in turn; wall time from process start to exit, median"
                + " (min–max). *added* is the median over the turns of the command's time minus plain java's in the"
                + " same turn.%n%n", runs));
        md.append("| command | ms | added ms |\n|---|---:|---:|\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            List<Double> t = e.getValue();
            double median = Stats.median(t);
            List<Double> added = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                added.add(t.get(i) - plain.get(i));
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %+.0f |%n", e.getKey(), Stats.medianRange(t, "%.0f"),
                    Stats.median(added)));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("command", e.getKey());
            row.put("medianMs", median);
            row.put("addedMs", Stats.median(added));
            row.put("runsMs", t);
            rows.add(row);
        }
        md.append("\nReproduce: `bench/run-launcher-startup [--baseline DIR]` (after `mvn -B -DskipTests package`).\n");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("runs", runs);
        json.put("rows", rows);
        ResultFiles.write(out, md.toString(), json);
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> p : parts) {
            all.addAll(p);
        }
        return all;
    }
}
