package io.jremix.bench.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.ResultFiles;
import io.jremix.bench.Stats;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What jremix's collector thread allocates in the program's heap while one window traces a program from start to
 * end, and how many young collections the run makes: the analysis shares the program's heap, and a collection can
 * move the program's objects apart (G1 scattered BaseTest's), changing the very placement being measured. JFR's
 * allocation samples ({@code jdk.ObjectAllocationSample}, whose weights estimate the bytes each stands for) of the
 * {@code jremix-cache-detector} thread are summed; the sampled accesses come from the report. This checkout and,
 * with {@code --baseline DIR}, another take turns, {@code runs} times on each workload.
 *
 * <p>Usage: {@code bench/run-collector-allocation [--runs N] [--baseline DIR] [--out FILE.md]}
 */
public final class CollectorAllocation {
    private static final String COLLECTOR_THREAD = "jremix-cache-detector";
    private static final List<List<String>> WORKLOADS = List.of(
            List.of("BaseTest", "8", "200000000"),
            List.of("SeparateLines", "2", "400000000"));
    private static final Pattern SAMPLED = Pattern.compile("\"sampledAccesses\": (\\d+)");

    private record Build(String name, Path home) {
    }

    /** One run: sampled accesses, bytes the collector allocated, young collections. */
    private record Run(long sampled, double bytes, long youngCollections) {
    }

    private CollectorAllocation() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-collector-allocation",
                "usage: bench/run-collector-allocation [--runs N] [--baseline DIR] [--out FILE.md]",
                args, "--runs", "--baseline", "--out");
        int runs = o.count("--runs", 3, 1);
        Path baseline = o.path("--baseline", null);
        Path out = o.path("--out", home.resolve("bench/results/collector-allocation.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<Build> builds = new ArrayList<>(List.of(new Build("this checkout", home)));
        if (baseline != null) {
            builds.add(0, new Build("baseline (" + baseline + ")", baseline));
        }

        Map<String, List<Run>> results = new LinkedHashMap<>();
        Path dir = Files.createTempDirectory("collector-allocation");
        for (List<String> workload : WORKLOADS) {
            for (int r = 0; r < runs; r++) {
                for (Build b : builds) {
                    results.computeIfAbsent(b.name + "\t" + String.join(" ", workload), k -> new ArrayList<>())
                            .add(run(b, workload, java, dir));
                }
                System.err.printf(Locale.ROOT, "%s: run %d/%d%n", workload.get(0), r + 1, runs);
            }
        }
        Files.delete(dir);
        write(out, results, runs, java);
    }

    private static Run run(Build build, List<String> workload, Path java, Path dir)
            throws IOException, InterruptedException {
        Path report = dir.resolve("report.json");
        Path recording = dir.resolve("run.jfr");
        List<String> argv = new ArrayList<>(List.of(build.home.resolve("bin/jremix").toString(), "-remix:detect",
                "-XX:REMIXWindow=600s", "-XX:REMIXMaxWindow=600s", "-XX:REMIXReport=" + report,
                "-XX:StartFlightRecording=filename=" + recording + ",settings=profile",
                "-cp", ProgramClassPath.ofHarness(), "io.jremix.workloads.cache." + workload.get(0)));
        argv.addAll(workload.subList(1, workload.size()));
        try {
            Command.withJava(argv, java).run().orThrow();
            Matcher m = SAMPLED.matcher(Files.readString(report));
            if (!m.find()) {
                throw new IOException("no sampledAccesses in " + report);
            }
            double bytes = 0;
            long young = 0;
            for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
                String type = e.getEventType().getName();
                if (type.equals("jdk.ObjectAllocationSample") && isCollector(e.getThread("eventThread"))) {
                    bytes += e.getLong("weight");
                } else if (type.equals("jdk.YoungGarbageCollection")) {
                    young++;
                }
            }
            return new Run(Long.parseLong(m.group(1)), bytes, young);
        } finally { // a recording of each run would otherwise be left in the temporary directory
            Files.deleteIfExists(report);
            Files.deleteIfExists(recording);
        }
    }

    private static boolean isCollector(RecordedThread t) {
        return t != null && COLLECTOR_THREAD.equals(t.getJavaName());
    }

    private static void write(Path out, Map<String, List<Run>> results, int runs, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder("# What the collector allocates in the program's heap\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". `bin/jremix -remix:detect"
                + " -XX:REMIXWindow=600s -XX:REMIXMaxWindow=600s` (one window, traced from start to end, one access in"
                + " 1000) with a JFR recording (`settings=profile`); the builds take turns, %d runs each. *collector"
                + " MB*: the weights of JFR's allocation samples on the `%s` thread, median (min–max); *B per access*:"
                + " that over the sampled accesses of the report; *young GCs*: `jdk.YoungGarbageCollection` events in"
                + " the whole run, median (min–max).%n%n", runs, COLLECTOR_THREAD));
        md.append("| build | workload | sampled accesses | collector MB | B per access | young GCs |\n");
        md.append("|---|---|---:|---:|---:|---:|\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, List<Run>> e : results.entrySet()) {
            String[] key = e.getKey().split("\t");
            List<Run> rs = e.getValue();
            List<Double> mb = rs.stream().map(r -> r.bytes / 1e6).toList();
            List<Double> perAccess = rs.stream().map(r -> r.bytes / Math.max(1, r.sampled)).toList();
            List<Double> young = rs.stream().map(r -> (double) r.youngCollections).toList();
            List<Double> sampled = rs.stream().map(r -> (double) r.sampled).toList();
            md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %.1f | %s |%n", key[0], key[1],
                    Stats.median(sampled), Stats.medianRange(mb, "%.1f"), Stats.median(perAccess), Stats.medianRange(young, "%.0f")));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("build", key[0]);
            row.put("workload", key[1]);
            row.put("sampledAccesses", sampled);
            row.put("collectorMegabytes", mb);
            row.put("bytesPerSampledAccess", perAccess);
            row.put("youngCollections", young);
            rows.add(row);
        }
        md.append("\nReproduce: `bench/run-collector-allocation [--runs N] [--baseline DIR]` (after `mvn -B -DskipTests"
                + " package` in each checkout).\n");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("runs", runs);
        json.put("rows", rows);
        ResultFiles.write(out, md.toString(), json);
    }
}
