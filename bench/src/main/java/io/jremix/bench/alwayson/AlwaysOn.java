package io.jremix.bench.alwayson;

import java.io.IOException;
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
import io.jremix.bench.ResultFiles;
import io.jremix.bench.Stats;
import io.jremix.bench.cache.DetectionOverhead;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteRun;

/**
 * What detection costs when it is left on: the suite's service-like workloads run for a few minutes each under plain
 * {@code java} and under {@code -remix:detect} with periodic windows ({@code REMIXRearm}), traced in bursts, in each
 * of the {@link #MODES} asked for. A short plain run measures each workload's iteration time, from which the long
 * runs get the same number of iterations; the overhead is the ratio of their mean iteration times, so it includes
 * every window's opening (retransformation, deoptimisation), tracing, closing and the recompiling after it.
 *
 * <p>Usage: {@code bench/run-always-on [--minutes N] [--workloads tomcat,reactor,executor,h2] [--window SECONDS]
 * [--every SECONDS] [--modes seenRunning,defaults,plainAgain] [--rounds R] [--out FILE.md]}: N minutes per
 * workload, mode and round (default 10, so 120 minutes in all with the default modes and one round). A single run's
 * mean moves by several percent from one run to the next on a busy service (tomcat's plain runs of one day:
 * 3357–4581 ms), so {@code plainAgain} shows how far two plain runs differ, and R rounds give medians.
 */
public final class AlwaysOn {
    /** A plain run this long gives the iteration time the long runs are planned with: its later half, warmed up. */
    private static final int CALIBRATION_ITERATIONS = 10;
    private static final int TIMEOUT_FACTOR = 3;
    private static final String OPENED = "REMIX: Detection window \\d+ open.*";
    /**
     * The ways detection runs, each against plain {@code java}: the options added, and the table's column; and plain
     * {@code java} once more, for how far two plain runs of a workload differ.
     */
    private static final List<Mode> MODES = List.of(
            new Mode("everyClass", "every class", "every window probes every class, opening every period",
                    List.of("-XX:REMIXHotClasses=0", "-XX:REMIXBackOff=0", "-XX:REMIXBudget=0")),
            new Mode("seenRunning", "classes seen running", "a re-armed window probes the classes JFR's execution"
                    + " samples saw running, every period", List.of("-XX:REMIXBackOff=0", "-XX:REMIXBudget=0")),
            new Mode("backedOff", "quiet ones backed off", "a re-armed window probes the classes seen running but"
                    + " those probed without contention in their last windows, every period", List.of("-XX:REMIXBudget=0")),
            new Mode("defaults", "defaults", "a re-armed window probes the classes seen running but those probed"
                    + " without contention in their last windows, and opens only once the last one's cost is within"
                    + " the 2% budget (the first re-armed one, what the program compiled after the first window)",
                    List.of()),
            new Mode("firstWindow", "first window only", "only the window that opens with the program, none"
                    + " re-armed: what the first window costs alone", List.of("-XX:REMIXRearm=0")),
            new Mode("plainAgain", "plain again", "plain `java` once more, after the runs before it: how far two"
                    + " plain runs differ", null));

    /** @param options the options added to detection's, {@code null} for plain {@code java} */
    private record Mode(String key, String column, String meaning, List<String> options) {
        List<String> arguments(List<String> detect) {
            if (options == null) {
                return List.of();
            }
            List<String> all = new ArrayList<>(detect);
            all.addAll(options);
            return all;
        }
    }

    private AlwaysOn() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-always-on [--minutes N] [--workloads NAME,...] [--window SECONDS]"
                + " [--every SECONDS] [--modes " + String.join(",", MODES.stream().map(Mode::key).toList())
                + "] [--rounds N] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-always-on", usage, args, "--minutes", "--workloads", "--window",
                "--every", "--modes", "--rounds", "--out");
        int minutes = o.count("--minutes", 10, 1);
        int rounds = o.count("--rounds", 1, 1);
        List<String> workloads = List.of(o.text("--workloads", "tomcat,reactor,executor,h2").split(","));
        int window = o.count("--window", 2, 1);
        int every = o.count("--every", 60, window + 1);
        List<Mode> modes = o.value("--modes", List.of(mode("seenRunning"), mode("defaults")), AlwaysOn::modes);
        Path out = o.path("--out", home.resolve("bench/results/always-on.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> detect = new ArrayList<>(List.of("-remix:detect", "-XX:+REMIXVerbose",
                "-XX:REMIXWindow=" + window, "-XX:REMIXMaxWindow=" + window, "-XX:REMIXRearm=" + (every - window)));
        detect.addAll(DetectionOverhead.BURSTS);

        List<Map<String, Object>> rows = new ArrayList<>();
        for (String w : workloads) {
            try {
                rows.add(measure(home, java, w, minutes, rounds, modes, detect));
            } catch (IOException e) { // a run that failed or timed out: the other workloads still get measured
                System.err.println(w + ": failed: " + e.getMessage());
                rows.add(Map.of("workload", w, "failed", e.getMessage()));
            }
        }
        write(out, rows, modes, minutes, rounds, String.join(" ", detect), java, args);
    }

    /** One workload's row: calibration, then {@code rounds} rounds of plain {@code java} and each mode. */
    private static Map<String, Object> measure(Path home, Path java, String w, int minutes, int rounds,
                                               List<Mode> modes, List<String> detect) throws Exception {
        double calibrationMs = run(home, java, List.of(), w, CALIBRATION_ITERATIONS, minutes).warmedUpMs();
        int iterations = (int) Math.max(CALIBRATION_ITERATIONS, minutes * 60_000 / calibrationMs);
        List<Timed> plainTimed = new ArrayList<>();
        Map<Mode, List<Timed>> modeRuns = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) { // rounds interleave, so that a slow spell of the machine hits all
            plainTimed.add(run(home, java, List.of(), w, iterations, minutes));
            for (Mode m : modes) {
                modeRuns.computeIfAbsent(m, k -> new ArrayList<>())
                        .add(run(home, java, m.arguments(detect), w, iterations, minutes));
            }
        }
        List<Double> plainRuns = plainTimed.stream().map(Timed::ms).toList();
        double plain = Stats.median(plainRuns);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("workload", w);
        row.put("iterations", iterations);
        row.put("plainMs", plain);
        row.put("plainRunsMs", plainRuns);
        row.put("plainMinutesMs", plainTimed.stream().map(Timed::minutesMs).toList());
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10s %d iterations: plain %s",
                w, iterations, cell(plainRuns)));
        modeRuns.forEach((m, runs) -> {
            List<Double> ms = runs.stream().map(Timed::ms).toList();
            long windows = runs.stream().mapToLong(Timed::windows).max().orElse(0);
            row.put(m.key + "Ms", Stats.median(ms));
            row.put(m.key + "RunsMs", ms);
            row.put(m.key + "OverheadPercent", 100 * (Stats.median(ms) / plain - 1));
            row.put(m.key + "Windows", windows);
            row.put(m.key + "MinutesMs", runs.stream().map(Timed::minutesMs).toList());
            line.append(String.format(Locale.ROOT, ", %s %s (%+.1f%%, %d windows)", m.column, cell(ms),
                    100 * (Stats.median(ms) / plain - 1), windows));
        });
        System.err.println(line);
        return row;
    }

    /** The median of a configuration's runs, in ms, and their range when there are several. */
    @SuppressWarnings("unchecked")
    private static String cell(Object runs) {
        List<Double> ms = (List<Double>) runs;
        return ms.size() == 1 ? String.format(Locale.ROOT, "%.2f", ms.get(0)) : Stats.medianRange(ms, "%.0f");
    }

    private static Mode mode(String key) {
        return MODES.stream().filter(m -> m.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no mode '" + key + "'"));
    }

    private static List<Mode> modes(String keys) {
        return List.of(keys.split(",")).stream().distinct().map(AlwaysOn::mode).toList();
    }

    /**
     * One JVM's measured iterations in ms, in order, and how many detection windows opened in it.
     */
    private record Timed(List<Double> iterationsMs, long windows) {
        double ms() {
            return Stats.mean(iterationsMs);
        }

        /**
         * The mean of the iterations that began in each minute of the measured time: a window's cost shows in the
         * minutes after it opened, a machine's slow spell or a cost that never ends in all of them. A minute that no
         * iteration began in (one iteration longer than a minute) has no mean of its own: NaN.
         */
        List<Double> minutesMs() {
            List<List<Double>> minutes = new ArrayList<>();
            double elapsed = 0;
            for (double ms : iterationsMs) {
                int minute = (int) (elapsed / 60_000);
                while (minutes.size() <= minute) {
                    minutes.add(new ArrayList<>());
                }
                minutes.get(minute).add(ms);
                elapsed += ms;
            }
            return minutes.stream().map(m -> m.isEmpty() ? Double.NaN : Stats.mean(m)).toList();
        }

        /**
         * The median of the later half, which the JIT has warmed up (tomcat's first five iterations took 1.6 times
         * as long as its later ones).
         */
        double warmedUpMs() {
            return Stats.median(iterationsMs.subList(iterationsMs.size() / 2, iterationsMs.size()));
        }
    }

    /**
     * One JVM (one warm-up iteration first), with {@code options} if any; a run is given up after
     * {@value #TIMEOUT_FACTOR} times the planned minutes (and at least 10).
     */
    private static Timed run(Path home, Path java, List<String> options, String workload, int iterations,
                             int minutes) throws Exception {
        List<String> argv = new ArrayList<>();
        argv.add(options.isEmpty() ? java.toString() : home.resolve("bin/jremix").toString());
        argv.addAll(options);
        argv.addAll(SuiteRun.arguments(ProgramClassPath.ofHarness(), workload, Size.DEFAULT, 1, iterations));
        Command.Result r = Command.withJava(argv, java).run(Math.max(10, TIMEOUT_FACTOR * minutes));
        long windows = r.stderr().lines().filter(l -> l.matches(OPENED)).count();
        return new Timed(SuiteRun.measuredMs(r, iterations), windows);
    }

    /**
     * One workload's mean iteration time in each minute of its runs (the median over the rounds): where a run's
     * overhead came from.
     */
    @SuppressWarnings("unchecked")
    private static String byMinute(Map<String, Object> row, List<Mode> modes, int rounds) {
        List<List<List<Double>>> columns = new ArrayList<>();
        columns.add((List<List<Double>>) row.get("plainMinutesMs"));
        modes.forEach(m -> columns.add((List<List<Double>>) row.get(m.key + "MinutesMs")));
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "%n%s, minute by minute (the mean iteration"
                + " time of the iterations that began in each minute of the measured time%s):%n%n| minute | plain ms |",
                row.get("workload"), rounds == 1 ? "" : ", the median over the rounds"));
        modes.forEach(m -> md.append(' ').append(m.column).append(" ms |"));
        md.append("\n|---:|---:|").append("---:|".repeat(modes.size())).append('\n');
        int minutes = columns.stream().flatMap(List::stream).mapToInt(List::size).max().orElse(0);
        for (int minute = 0; minute < minutes; minute++) {
            md.append("| ").append(minute + 1).append(" |");
            for (List<List<Double>> runs : columns) {
                int at = minute;
                List<Double> means = runs.stream().filter(run -> run.size() > at).map(run -> run.get(at))
                        .filter(ms -> !ms.isNaN()).toList();
                md.append(means.isEmpty() ? " — |" : String.format(Locale.ROOT, " %.0f |", Stats.median(means)));
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static void write(Path out, List<Map<String, Object>> rows, List<Mode> modes, int minutes, int rounds,
                              String detect, Path java, String[] args) throws Exception {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder("# Always-on detection: periodic windows against plain java\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Each workload ran about %d minutes"
                        + " under plain `java`, and the same iterations under `bin/jremix %s`:%n%n",
                minutes, detect));
        modes.forEach(m -> md.append(String.format(Locale.ROOT, "- *%s* (%s): %s;%n", m.column,
                m.options == null ? "no jremix" : m.options.isEmpty() ? "no more options"
                        : "`" + String.join(" ", m.options) + "`", m.meaning)));
        md.append(rounds == 1 ? "\nCells are the mean iteration time of each run, and the windows that opened in it (the"
                + " first at start); the runs of a workload follow each other.\n\n"
                : String.format(Locale.ROOT, "%nEach configuration ran %d times, in %d rounds of plain `java` then"
                + " each mode; cells are the median of the runs' mean iteration times (the range of the runs), and"
                + " the most windows one run opened (the first at start).%n%n", rounds, rounds));
        md.append("Reproduce: `bench/run-always-on").append(args.length == 0 ? "" : " " + String.join(" ", args))
                .append("`.\n\n| workload | iterations | plain ms |");
        modes.forEach(m -> md.append(' ').append(m.column).append(" ms | overhead | windows |"));
        md.append("\n|---|---:|---:|").append("---:|---:|---:|".repeat(modes.size())).append('\n');
        double[] logSums = new double[modes.size()];
        int measured = 0;
        for (Map<String, Object> r : rows) {
            if (r.containsKey("failed")) {
                md.append(String.format(Locale.ROOT, "| %s | failed: %s |%n", r.get("workload"), r.get("failed")));
                continue;
            }
            measured++;
            double plain = (double) r.get("plainMs");
            md.append(String.format(Locale.ROOT, "| %s | %d | %s |", r.get("workload"), (int) r.get("iterations"),
                    cell(r.get("plainRunsMs"))));
            for (int i = 0; i < modes.size(); i++) {
                String key = modes.get(i).key;
                double ms = (double) r.get(key + "Ms");
                md.append(String.format(Locale.ROOT, " %s | %+.1f%% | %d |", cell(r.get(key + "RunsMs")),
                        (double) r.get(key + "OverheadPercent"), (long) r.get(key + "Windows")));
                logSums[i] += Math.log(ms / plain);
            }
            md.append('\n');
        }
        md.append("\nGeometric mean overhead:");
        for (int i = 0; i < modes.size(); i++) {
            md.append(String.format(Locale.ROOT, "%s %s %+.1f%%", i == 0 ? "" : ",", modes.get(i).column,
                    100 * (Math.exp(logSums[i] / measured) - 1)));
        }
        md.append(".\n");
        rows.stream().filter(r -> !r.containsKey("failed")).forEach(r -> md.append(byMinute(r, modes, rounds)));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("minutes", minutes);
        json.put("rounds", rounds);
        json.put("options", detect);
        json.put("modes", modes.stream().map(m -> m.options == null ? Map.of("key", m.key, "plain", true)
                : Map.of("key", m.key, "options", m.options)).toList());
        json.put("rows", rows);
        ResultFiles.write(out, md.toString(), json);
    }
}
