package io.jremix.bench.attach;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jremix.bench.BenchOptions;

/**
 * What attaching jremix costs a saturated service, and what it leaves behind: {@code SaturatedService} (two workers
 * serving back to back, their counters on one cache line, a shared lock) started with plain java, its throughput
 * before, during and after an attached detection window and an attached park profiler, and its memory before and
 * after each (live heap after a full collection, jremix's objects, RSS, metaspace).
 *
 * <p>Usage: {@code bench/run-attach [--runs N] [--phase SECONDS] [--threads N] [--out FILE.md]}
 */
public final class AttachBenchmark {
    /** A pre-touched heap, so that RSS moves only with what lives outside it; the maximum is the JVM's default. */
    static final List<String> HEAP = List.of("-Xms256m", "-XX:+AlwaysPreTouch");

    private AttachBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-attach [--runs N] [--phase SECONDS] [--threads N] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-attach", usage, args, "--runs", "--phase", "--threads", "--out");
        int runs = o.count("--runs", 3, 1);
        int phase = o.count("--phase", 8, 1);
        int threads = o.count("--threads", Runtime.getRuntime().availableProcessors(), 1);
        Path out = o.path("--out", home.resolve("bench/results/attach.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path scratch = Files.createTempDirectory("jremix-attach-bench");
        AttachRun run = new AttachRun(home, java, phase, scratch);
        List<AttachRun.Result> results = new ArrayList<>();
        List<List<AttachRun.Phase>> controls = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            AttachRun.Result r = run.run(HEAP, threads);
            System.err.printf(Locale.ROOT, "run %d: %s; found %s, %d lock parks, %s%n", i, rates(r.phases()),
                    r.found(), r.lockParks(), r.ending());
            results.add(r);
            List<AttachRun.Phase> c = run.control(HEAP, threads, r);
            System.err.printf(Locale.ROOT, "control %d, never attached: %s%n", i, rates(c));
            controls.add(c);
        }
        AttachTable.write(out, results, controls, runs, phase, threads, java);
    }

    private static List<String> rates(List<AttachRun.Phase> phases) {
        return phases.stream().map(p -> String.format(Locale.ROOT, "%s %.0f/s", p.name(), p.perSecond())).toList();
    }
}
