package io.jremix.bench.longrun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.jremix.bench.BenchOptions;
import io.jremix.workloads.park.ChurningService;

/**
 * Whether jremix's memory levels off on a long run: {@link ChurningService} (contending, allocating, millions of
 * short-lived park blockers) under {@code -remix:detect} with re-armed windows and under
 * {@code -XXgetparkcontention}, both at once, each sampled every period (RSS, live heap, jremix's own objects).
 * The heap is fixed in size and touched at start, so RSS moves only with what lives outside it.
 *
 * <p>Usage: {@code bench/run-long-run [--minutes N] [--period SECONDS] [--rearm SECONDS] [--out FILE.md]}
 */
public final class LongRun {
    static final List<String> HEAP = List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch");

    private LongRun() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-long-run [--minutes N] [--period SECONDS] [--rearm SECONDS] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-long-run", usage, args, "--minutes", "--period", "--rearm",
                "--out");
        int minutes = o.count("--minutes", 60, 1);
        int period = o.count("--period", 60, 1);
        int rearm = o.count("--rearm", 20, 1);
        Path out = o.path("--out", home.resolve("bench/results/long-run.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        SampledRun sampler = new SampledRun(Path.of(System.getProperty("java.home"), "bin", "jcmd"), period);

        List<List<String>> modes = List.of(List.of("-remix:detect", "-XX:REMIXRearm=" + rearm),
                List.of("-XXgetparkcontention"));
        ExecutorService both = Executors.newFixedThreadPool(modes.size());
        List<Future<SampledRun.Result>> runs = new ArrayList<>();
        for (List<String> mode : modes) {
            List<String> argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString()));
            argv.addAll(mode);
            argv.addAll(HEAP);
            argv.addAll(List.of("-cp", home.resolve("workloads/target/jremix-workloads.jar").toString(),
                    ChurningService.class.getName(), Integer.toString(minutes * 60)));
            runs.add(both.submit(() -> sampler.run(String.join(" ", mode), argv, java)));
        }
        List<SampledRun.Result> results = new ArrayList<>();
        for (Future<SampledRun.Result> f : runs) {
            results.add(f.get());
        }
        both.shutdown();
        LongRunTable.write(out, results, minutes, period, java);
    }
}
