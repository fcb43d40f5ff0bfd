package io.jremix.bench.alwayson;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.ResultFiles;
import io.jremix.bench.cache.DetectionOverhead;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteRun;

/**
 * What detection costs when it is left on: the suite's service-like workloads run for a few minutes each under plain
 * {@code java} and under {@code -remix:detect} with periodic windows ({@code REMIXRearm}), traced in bursts, once
 * probing every class in every window and once probing the classes seen running. A short plain run measures each
 * workload's iteration time, from which the three long runs get the same number of iterations;
 * the overhead is the ratio of their mean iteration times, so it includes every window's opening (retransformation,
 * deoptimisation), tracing and closing.
 *
 * <p>Usage: {@code bench/run-always-on [--minutes N] [--workloads tomcat,reactor,executor,h2] [--window SECONDS]
 * [--every SECONDS] [--out FILE.md]}: N minutes per workload and mode (default 10, so 120 minutes in all).
 */
public final class AlwaysOn {
    private static final int CALIBRATION_ITERATIONS = 5;
    private static final int TIMEOUT_FACTOR = 3;

    private AlwaysOn() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-always-on [--minutes N] [--workloads NAME,...] [--window SECONDS]"
                + " [--every SECONDS] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-always-on", usage, args, "--minutes", "--workloads", "--window",
                "--every", "--out");
        int minutes = o.count("--minutes", 10, 1);
        List<String> workloads = List.of(o.text("--workloads", "tomcat,reactor,executor,h2").split(","));
        int window = o.count("--window", 2, 1);
        int every = o.count("--every", 60, window + 1);
        Path out = o.path("--out", home.resolve("bench/results/always-on.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> detect = new ArrayList<>(List.of("-remix:detect", "-XX:REMIXWindow=" + window,
                "-XX:REMIXMaxWindow=" + window, "-XX:REMIXRearm=" + (every - window)));
        detect.addAll(DetectionOverhead.BURSTS);
        // every window probes every class: how re-armed windows worked before they probed the classes seen running
        List<String> everyClassDetect = new ArrayList<>(detect);
        everyClassDetect.add("-XX:REMIXHotClasses=0");

        List<Map<String, Object>> rows = new ArrayList<>();
        for (String w : workloads) {
            double calibrationMs = meanMs(home, java, List.of(), w, CALIBRATION_ITERATIONS, minutes);
            int iterations = (int) Math.max(CALIBRATION_ITERATIONS, minutes * 60_000 / calibrationMs);
            double plain = meanMs(home, java, List.of(), w, iterations, minutes);
            double everyClass = meanMs(home, java, everyClassDetect, w, iterations, minutes);
            double detected = meanMs(home, java, detect, w, iterations, minutes);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", w);
            row.put("iterations", iterations);
            row.put("plainMs", plain);
            row.put("everyClassMs", everyClass);
            row.put("everyClassOverheadPercent", 100 * (everyClass / plain - 1));
            row.put("detectMs", detected);
            row.put("overheadPercent", 100 * (detected / plain - 1));
            System.err.printf(Locale.ROOT, "%-10s %d iterations: plain %.2f ms, every class %.2f ms (%+.1f%%),"
                            + " classes seen running %.2f ms (%+.1f%%)%n", w, iterations, plain, everyClass,
                    100 * (everyClass / plain - 1), detected, 100 * (detected / plain - 1));
            rows.add(row);
        }
        write(out, rows, minutes, String.join(" ", detect), java, args);
    }

    /**
     * Mean ms of the measured iterations of one JVM (one warm-up iteration first), with {@code options} if any; a
     * run is given up after {@value #TIMEOUT_FACTOR} times the planned minutes (and at least 10).
     */
    private static double meanMs(Path home, Path java, List<String> options, String workload, int iterations,
                                 int minutes) throws Exception {
        List<String> argv = new ArrayList<>();
        argv.add(options.isEmpty() ? java.toString() : home.resolve("bin/jremix").toString());
        argv.addAll(options);
        argv.addAll(SuiteRun.arguments(ProgramClassPath.ofHarness(), workload, Size.DEFAULT, 1, iterations));
        return SuiteRun.meanMeasuredMs(Command.withJava(argv, java).run(Math.max(10, TIMEOUT_FACTOR * minutes)),
                iterations);
    }

    private static void write(Path out, List<Map<String, Object>> rows, int minutes, String detect, Path java,
                              String[] args)
            throws Exception {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder("# Always-on detection: periodic windows against plain java\n\n");
        md.append(String.format(Locale.ROOT, "Measured %s on %s (%s cores), %s. Each workload ran about %d minutes"
                        + " under plain `java`, and the same iterations under `bin/jremix %s`: once with"
                        + " `-XX:REMIXHotClasses=0` (every window probes every class), once with the default (re-armed"
                        + " windows probe the classes JFR's execution samples saw running). Cells are the mean"
                        + " iteration time of each run; the three runs of a workload follow each other.%n%n",
                LocalDate.now(), machine.get("cpu"), machine.get("cores"), machine.get("jdk"), minutes, detect));
        md.append("Reproduce: `bench/run-always-on").append(args.length == 0 ? "" : " " + String.join(" ", args))
                .append("`.\n\n");
        md.append("| workload | iterations | plain ms | every class ms | overhead | classes seen running ms | overhead |\n"
                + "|---|---:|---:|---:|---:|---:|---:|\n");
        double everyLogSum = 0;
        double logSum = 0;
        for (Map<String, Object> r : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %+.1f%% | %.2f | %+.1f%% |%n",
                    r.get("workload"), (int) r.get("iterations"), (double) r.get("plainMs"),
                    (double) r.get("everyClassMs"), (double) r.get("everyClassOverheadPercent"),
                    (double) r.get("detectMs"), (double) r.get("overheadPercent")));
            everyLogSum += Math.log((double) r.get("everyClassMs") / (double) r.get("plainMs"));
            logSum += Math.log((double) r.get("detectMs") / (double) r.get("plainMs"));
        }
        md.append(String.format(Locale.ROOT, "%nGeometric mean overhead: every class %+.1f%%, classes seen running %+.1f%%.%n",
                100 * (Math.exp(everyLogSum / rows.size()) - 1), 100 * (Math.exp(logSum / rows.size()) - 1)));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("minutes", minutes);
        json.put("options", detect);
        json.put("rows", rows);
        ResultFiles.write(out, md.toString(), json);
    }
}
