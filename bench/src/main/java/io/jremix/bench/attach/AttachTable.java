package io.jremix.bench.attach;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;

import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;
import io.jremix.bench.Stats;

/**
 * The attach table: for each phase, the median over the runs of its throughput as a ratio to the same run's
 * {@code before} phase, by the wall clock and per CPU-second of the service's process, and in how many runs it fell
 * within the spread of the {@code before} phase's own slices; then the memory at each checkpoint, and every run's
 * figures.
 */
final class AttachTable {
    static final Rate WALL = new Rate(AttachRun.Phase::perSecond);
    static final Rate CPU = new Rate(AttachRun.Phase::perCpuSecond);

    /** A way to count a phase's throughput. */
    record Rate(ToDoubleBiFunction<ServiceUnderTest.Progress, ServiceUnderTest.Progress> of) {
        double ratio(AttachRun.Result r, int phase) {
            return ratio(r.phases(), phase);
        }

        double ratio(List<AttachRun.Phase> phases, int phase) {
            return phases.get(phase).rate(of) / phases.get(0).rate(of);
        }

        /** The noise of a run: its before phase's slices, each as a ratio to the whole before phase. */
        Spread spread(AttachRun.Result r) {
            AttachRun.Phase before = r.phases().get(0);
            List<Double> ratios = before.slices(of).stream().map(x -> x / before.rate(of)).toList();
            return new Spread(Collections.min(ratios), Collections.max(ratios));
        }

        boolean withinNoise(AttachRun.Result r, int phase) {
            Spread s = spread(r);
            double ratio = ratio(r, phase);
            return ratio >= s.min() && ratio <= s.max();
        }
    }

    record Spread(double min, double max) {
    }

    private AttachTable() {
    }

    /** @param controls per run, the phases of the same service never attached to ({@link AttachRun#control}) */
    static void write(Path out, List<AttachRun.Result> results, List<List<AttachRun.Phase>> controls, int runs,
                      int phase, int threads, Path java) throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        StringBuilder md = new StringBuilder("# Attaching to a saturated service: throughput and memory\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ", **under load** (load average %.1f"
                + " at the end; other builds shared the cores): the ratios compare phases of one run, taken seconds"
                + " apart, and the per-CPU-second column is the one less moved by the load. `SaturatedService %d`"
                + " with `%s`, started with plain java: %d workers serve requests back to back (each counts on one of its"
                + " `LiveService$Tally`s, interleaved with the others' so that some share a line, then checksums a buffer of its own and"
                + " takes one shared `ReentrantLock`). %d runs; each phase %d s after a %d s warm-up. *during"
                + " detection* is the time `bin/jremix attach <pid> -remix:detect -XX:REMIXThreshold=1000"
                + " -XX:REMIXWindow=5 -XX:REMIXMaxWindow=10` takes (the attach client's own JVM included); *after"
                + " detection* starts once `status` says jremix runs nothing there (every class restored); *during park"
                + " profiling* is a phase between `-XXgetparkcontention` and `stop`. Memory: the live heap after the full collection"
                + " of `jcmd <pid> GC.class_histogram`, the instances of jremix's classes in it, VmRSS, and the used"
                + " metaspace of `jcmd <pid> VM.metaspace` (classes not from the CDS archive).%n%n", load, threads,
                String.join(" ", AttachBenchmark.HEAP), threads, runs, phase, phase));
        md.append(String.format(Locale.ROOT, "Noise: the phases the service runs alone are measured in %d slices;"
                + " the *before* row gives the spread of its slices' throughput as ratios to the whole phase"
                + " (min–max over the runs), and each row after it the runs in which its ratio falls within that"
                + " run's own spread: there, it cannot be told from before. After each run, the same service is"
                + " started again and never attached to, over the same timeline (a pause where the window and the"
                + " restoring were): its ratios, *never attached*, show how much a service still warming up speeds"
                + " up without jremix.%n%n", AttachRun.SLICES));
        md.append("| phase | requests/s (median) | ÷ before, wall clock (median) | ÷ before, per CPU-second (median)"
                + " | within before's spread: wall clock | per CPU-second | never attached: ÷ before, wall clock"
                + " (median) | per CPU-second |\n|---|---:|---:|---:|---|---|---:|---:|\n");
        List<String> names = results.get(0).phases().stream().map(AttachRun.Phase::name).toList();
        for (int i = 0; i < names.size(); i++) {
            int k = i;
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.3f | %.3f | %s | %s | %.3f | %.3f |%n", names.get(i),
                    median(results, r -> r.phases().get(k).perSecond()), median(results, r -> WALL.ratio(r, k)),
                    median(results, r -> CPU.ratio(r, k)), noise(results, WALL, k), noise(results, CPU, k),
                    Stats.median(controls.stream().map(c -> WALL.ratio(c, k)).toList()),
                    Stats.median(controls.stream().map(c -> CPU.ratio(c, k)).toList())));
        }
        md.append("\n| checkpoint | live heap MB (median) | jremix objects (median) | RSS MB (median) |"
                + " metaspace used MB (median) |\n|---|---:|---:|---:|---:|\n");
        List<String> checkpoints = results.get(0).checkpoints().stream().map(AttachRun.Checkpoint::name).toList();
        for (int i = 0; i < checkpoints.size(); i++) {
            int k = i;
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.0f | %.0f | %.1f |%n", checkpoints.get(i),
                    median(results, r -> r.checkpoints().get(k).sample().liveHeapBytes() / 1e6),
                    median(results, r -> r.checkpoints().get(k).sample().jremixObjects()),
                    median(results, r -> r.checkpoints().get(k).sample().rssKb() / 1024.0),
                    median(results, r -> r.checkpoints().get(k).metaspaceKb() / 1024.0)));
        }
        md.append("\nEvery run (requests/s and requests per CPU-second by phase; memory at each checkpoint):\n\n");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            AttachRun.Result r = results.get(i);
            md.append(String.format(Locale.ROOT, "- run %d: false sharing on `LiveService$Tally` found: %s (%d coherence"
                    + " misses sampled); parks on the lock in the park report: %d; all classes restored %.1f s after"
                    + " the report; service: %s.%n ", i + 1, r.found() ? "yes" : "**no**", r.sampledMisses(),
                    r.lockParks(), r.restoreSeconds(), r.ending()));
            for (AttachRun.Phase p : r.phases()) {
                md.append(String.format(Locale.ROOT, " %s %.0f/s, %.0f/CPU-s;", p.name(), p.perSecond(), p.perCpuSecond()));
            }
            for (AttachRun.Checkpoint c : r.checkpoints()) {
                md.append(String.format(Locale.ROOT, " %s: heap %.1f MB, %d jremix objects, RSS %d MB, metaspace"
                        + " %.1f MB;", c.name(), c.sample().liveHeapBytes() / 1e6, c.sample().jremixObjects(),
                        c.sample().rssKb() / 1024, c.metaspaceKb() / 1024.0));
            }
            md.append(String.format(Locale.ROOT, "%n  never attached:"));
            for (AttachRun.Phase p : controls.get(i)) {
                md.append(String.format(Locale.ROOT, " %s %.0f/s, %.0f/CPU-s;", p.name(), p.perSecond(), p.perCpuSecond()));
            }
            md.append('\n');
            Map<String, Object> row = json(r);
            row.put("neverAttached", phasesJson(controls.get(i)));
            rows.add(row);
        }
        md.append(String.format(Locale.ROOT, "%nReproduce: `bench/run-attach --runs %d --phase %d` (after"
                + " `mvn -B -DskipTests package`; with `JAVA_HOME` set, that JDK runs the service).%n", runs, phase));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("loadAverage", load);
        json.put("runs", runs);
        json.put("phaseSeconds", phase);
        json.put("threads", threads);
        json.put("results", rows);
        ResultFiles.write(out, md.toString(), json);
    }

    /** For the before phase, its spread over the runs; for the others, how many runs fell within it. */
    private static String noise(List<AttachRun.Result> results, Rate rate, int phase) {
        if (phase == 0) {
            return String.format(Locale.ROOT, "spread %.3f–%.3f", results.stream().mapToDouble(r -> rate.spread(r).min())
                    .min().orElseThrow(), results.stream().mapToDouble(r -> rate.spread(r).max()).max().orElseThrow());
        }
        long within = results.stream().filter(r -> rate.withinNoise(r, phase)).count();
        return (within == results.size() ? "yes" : within == 0 ? "no" : "partly") + ", " + within + " of "
                + results.size() + " runs";
    }

    private static double median(List<AttachRun.Result> results, ToDoubleFunction<AttachRun.Result> f) {
        return Stats.median(results.stream().map(f::applyAsDouble).toList());
    }

    private static List<Object> phasesJson(List<AttachRun.Phase> phases) {
        List<Object> out = new ArrayList<>();
        for (AttachRun.Phase p : phases) {
            out.add(Map.of("phase", p.name(), "requestsPerSecond", p.perSecond(),
                    "requestsPerCpuSecond", p.perCpuSecond(), "slicesPerSecond", p.slices(WALL.of()),
                    "slicesPerCpuSecond", p.slices(CPU.of())));
        }
        return out;
    }

    private static Map<String, Object> json(AttachRun.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("found", r.found());
        m.put("sampledMisses", r.sampledMisses());
        m.put("lockParks", r.lockParks());
        m.put("restoreSeconds", r.restoreSeconds());
        m.put("ending", r.ending());
        m.put("phases", phasesJson(r.phases()));
        List<Object> checkpoints = new ArrayList<>();
        for (AttachRun.Checkpoint c : r.checkpoints()) {
            Map<String, Object> cm = new LinkedHashMap<>(c.sample().json());
            cm.put("checkpoint", c.name());
            cm.put("metaspaceUsedKb", c.metaspaceKb());
            checkpoints.add(cm);
        }
        m.put("checkpoints", checkpoints);
        return m;
    }
}
