package io.jremix.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.Stats;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * Runs suite workloads under plain java and jremix's modes with the methodology of the VBD-HotSpot paper (OOPSLA 2017):
 * in each JVM invocation, warm-up iterations and then measured ones, whose mean is the invocation's time; several
 * invocations per workload and mode, interleaved across modes so that drift of the machine hits all of them alike.
 * Reports per-workload medians over invocations, the ratio to plain java and the geometric mean of the ratios, as
 * Markdown and JSON. A mode this jremix cannot run is skipped with the reason it gave; a run that fails is an error
 * in its cell, never a time.
 */
public final class Harness {
    private static final String USAGE = "usage: bench/run [--workloads all|apps|jdk|NAME,...]"
            + " [--modes " + Arrays.stream(Mode.values()).map(Mode::key).collect(Collectors.joining(","))
            + "] [--invocations N] [--warmup N] [--iterations N]"
            + " [--size default|tiny] [--out PATH-WITHOUT-EXTENSION] [--baseline JREMIX-CHECKOUT]\nworkloads: "
            + String.join(", ", Suite.all().stream().map(Suite.Entry::name).toList());

    private final Settings settings;
    private final List<String> log = new ArrayList<>();

    /**
     * @param home        the jremix checkout (for {@code bin/jremix})
     * @param java        the {@code java} binary of the measured JVMs
     * @param classpath   where the suite and its libraries are
     * @param workloads   what to run
     * @param modes       how to run it; plain java is always measured, for the ratios
     * @param invocations JVMs per workload and mode
     * @param warmup      warm-up iterations per JVM
     * @param iterations  measured iterations per JVM
     * @param size        work per iteration
     * @param baseline    another built jremix checkout, whose {@code bin/jremix} runs the modes {@code vbd-baseline} and {@code detect-baseline}
     *                    (to compare two builds in one run), or {@code null}
     */
    public record Settings(Path home, Path java, String classpath, List<Suite.Entry> workloads, List<Mode> modes,
                           int invocations, int warmup, int iterations, Size size, Path baseline) {
    }

    /** A mode and whether this jremix can run it. */
    public record Availability(Mode mode, boolean available, String reason) {
    }

    /** One workload under one mode: invocation times in ms, or the error that stopped it. */
    public record Cell(List<Double> invocationMs, String error) {
        public boolean ok() {
            return error == null;
        }

        public double medianMs() {
            return Stats.median(invocationMs);
        }
    }

    public Harness(Settings settings) {
        this.settings = settings;
    }

    /**
     * Whether {@code bin/jremix} accepts a mode: it runs {@code -version} with the mode's options (for the first
     * workload's relaxed list, where the mode reads one).
     */
    public Availability probe(Mode mode) throws IOException, InterruptedException {
        if (mode == Mode.PLAIN) {
            return new Availability(mode, true, "");
        }
        if (mode.fromBaseline() && settings.baseline() == null) {
            return new Availability(mode, false, "needs --baseline, a built jremix checkout to compare with");
        }
        String workload = settings.workloads().isEmpty() ? "none" : settings.workloads().get(0).name();
        String reason = refusal(launcher(mode, workload));
        return new Availability(mode, reason == null, reason == null ? "" : reason);
    }

    /**
     * Why {@code launcher -version} cannot run: the line where the launcher, the agent or the JVM refused, or the
     * exit code; {@code null} if it ran.
     */
    String refusal(List<String> launcher) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(launcher);
        argv.add("-version");
        Command.Result r = Command.withJava(argv, settings.java()).run();
        String refused = r.stderr().lines().filter(l -> l.contains("not available") || l.startsWith("jremix: error")
                || l.startsWith("Unrecognized") || l.startsWith("Error:")).findFirst().orElse(null);
        if (refused != null) {
            return refused.trim();
        }
        return r.exit() != 0 ? "exit " + r.exit() : null;
    }

    private List<String> launcher(Mode mode, String workload) {
        List<String> argv = new ArrayList<>();
        if (mode == Mode.PLAIN) {
            argv.add(settings.java().toString());
        } else {
            Path home = mode.fromBaseline() ? settings.baseline() : settings.home();
            argv.add(home.resolve("bin/jremix").toString());
            argv.addAll(mode.options(settings.home(), workload));
        }
        return argv;
    }

    /** One JVM: the mean of its measured iterations in ms, or an exception saying why there is none. */
    double invoke(Suite.Entry workload, Mode mode) throws IOException, InterruptedException {
        List<String> argv = launcher(mode, workload.name());
        argv.addAll(SuiteRun.arguments(settings.classpath(), workload.name(), settings.size(), settings.warmup(),
                settings.iterations()));
        return SuiteRun.meanMeasuredMs(Command.withJava(argv, settings.java()).run(), settings.iterations());
    }

    /** Measures every workload under plain java and every available mode. */
    public Map<String, Map<Mode, Cell>> measure(List<Mode> modes) throws InterruptedException {
        Map<String, Map<Mode, Cell>> results = new LinkedHashMap<>();
        int total = settings.workloads().size() * settings.invocations() * modes.size();
        int done = 0;
        for (Suite.Entry w : settings.workloads()) {
            Map<Mode, List<Double>> times = new LinkedHashMap<>();
            Map<Mode, String> errors = new LinkedHashMap<>();
            for (int i = 1; i <= settings.invocations(); i++) {
                for (Mode m : modes) {
                    done++;
                    if (errors.containsKey(m)) {
                        continue;
                    }
                    try {
                        double ms = invoke(w, m);
                        times.computeIfAbsent(m, k -> new ArrayList<>()).add(ms);
                        progress(String.format(Locale.ROOT, "[%d/%d] %-9s %-7s invocation %d/%d: %10.1f ms",
                                done, total, w.name(), m.key(), i, settings.invocations(), ms));
                    } catch (IOException e) {
                        errors.put(m, e.getMessage());
                        progress(String.format(Locale.ROOT, "[%d/%d] %-9s %-7s invocation %d/%d: ERROR %s",
                                done, total, w.name(), m.key(), i, settings.invocations(), e.getMessage()));
                    }
                }
            }
            Map<Mode, Cell> row = new LinkedHashMap<>();
            for (Mode m : modes) {
                row.put(m, errors.containsKey(m) ? new Cell(List.of(), errors.get(m)) : new Cell(times.get(m), null));
            }
            results.put(w.name(), row);
        }
        return results;
    }

    private void progress(String line) {
        System.err.println(line);
        log.add(line);
    }

    /** Geometric mean of a mode's ratios to plain java over the workloads where both ran. */
    static Double geometricMean(Map<String, Map<Mode, Cell>> results, Mode mode) {
        List<Double> ratios = new ArrayList<>();
        for (Map<Mode, Cell> row : results.values()) {
            Cell plain = row.get(Mode.PLAIN);
            Cell cell = row.get(mode);
            if (plain != null && cell != null && plain.ok() && cell.ok()) {
                ratios.add(cell.medianMs() / plain.medianMs());
            }
        }
        return ratios.isEmpty() ? null : Stats.geometricMean(ratios);
    }

    /** Writes {@code out.md} and {@code out.json}. */
    void write(Path out, List<Availability> availability, Map<String, Map<Mode, Cell>> results)
            throws IOException, InterruptedException {
        List<Mode> modes = availability.stream().filter(Availability::available).map(Availability::mode).toList();
        Map<String, Object> machine = Machine.describe(settings.java());
        StringBuilder md = new StringBuilder("# Suite results: plain java against jremix's modes\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Size `%s`; in each of %d JVM invocations"
                        + " per workload and mode, %d warm-up iterations, then the mean of %d measured ones. Cells are the"
                        + " median over invocations in ms, with the fastest and slowest invocation; ratios are to plain"
                        + " java.%n%n", settings.size().name().toLowerCase(Locale.ROOT), settings.invocations(), settings.warmup(),
                settings.iterations()));
        md.append("| workload | library |");
        for (Mode m : modes) {
            md.append(' ').append(m.key()).append(m == Mode.PLAIN ? " ms |" : " ms | ratio |");
        }
        md.append('\n').append("|---|---|");
        md.append("---:|".repeat(modes.size() * 2 - 1)).append('\n');
        for (Suite.Entry w : settings.workloads()) {
            Map<Mode, Cell> row = results.get(w.name());
            md.append("| ").append(w.name()).append(" | ").append(w.library()).append(" |");
            for (Mode m : modes) {
                Cell c = row.get(m);
                md.append(' ').append(c.ok() ? String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", c.medianMs(),
                        min(c), max(c)) : "error").append(" |");
                if (m != Mode.PLAIN) {
                    Cell plain = row.get(Mode.PLAIN);
                    md.append(c.ok() && plain.ok() ? String.format(Locale.ROOT, " %.2f× |", c.medianMs() / plain.medianMs())
                            : " – |");
                }
            }
            md.append('\n');
        }
        md.append("| **geometric mean** | |");
        for (Mode m : modes) {
            Double g = m == Mode.PLAIN ? null : geometricMean(results, m);
            md.append(m == Mode.PLAIN ? " |" : " | " + (g == null ? "–" : String.format(Locale.ROOT, "**%.2f×**", g)) + " |");
        }
        md.append("\n\n");
        for (Availability a : availability) {
            if (!a.available()) {
                md.append("- Mode `").append(a.mode().key()).append("` (").append(a.mode().feature())
                        .append(") skipped: `bin/jremix ").append(String.join(" ", a.mode().options()))
                        .append("` says: ").append(a.reason()).append('\n');
            }
        }
        if (modes.contains(Mode.VBD_RELAXED)) {
            md.append("- Mode `vbd-relaxed` reads each workload's relaxed list `bench/vbd-relaxed/<workload>.txt` (its")
                    .append(" hottest methods under VBD, from `bench/run-hot-methods`) in place of `{relaxed-list}`.\n");
        }
        results.forEach((w, row) -> row.forEach((m, c) -> {
            if (!c.ok()) {
                md.append("- Error: `").append(w).append("` under `").append(m.key()).append("`: ").append(c.error())
                        .append('\n');
            }
        }));
        md.append("\nReproduce: `bench/run` (see docs/benchmarks.md for its options).\n");
        Files.createDirectories(out.toAbsolutePath().getParent());
        AtomicFiles.write(Path.of(out + ".md"), md.toString());
        AtomicFiles.write(Path.of(out + ".json"), Json.write(json(machine, availability, results)));
    }

    private Map<String, Object> json(Map<String, Object> machine, List<Availability> availability,
                                     Map<String, Map<Mode, Cell>> results) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("machine", machine);
        doc.put("date", LocalDate.now().toString());
        doc.put("settings", Map.of("size", settings.size().name().toLowerCase(Locale.ROOT),
                "invocations", settings.invocations(), "warmup", settings.warmup(), "iterations", settings.iterations()));
        List<Object> modes = new ArrayList<>();
        for (Availability a : availability) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("mode", a.mode().key());
            m.put("options", a.mode().options());
            m.put("available", a.available());
            if (!a.available()) {
                m.put("reason", a.reason());
            } else if (a.mode() != Mode.PLAIN) {
                m.put("geometricMean", geometricMean(results, a.mode()));
            }
            modes.add(m);
        }
        doc.put("modes", modes);
        List<Object> workloads = new ArrayList<>();
        results.forEach((name, row) -> {
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("workload", name);
            row.forEach((mode, c) -> {
                Map<String, Object> cell = new LinkedHashMap<>();
                if (c.ok()) {
                    cell.put("medianMs", c.medianMs());
                    cell.put("invocationMs", c.invocationMs());
                    Cell plain = row.get(Mode.PLAIN);
                    if (mode != Mode.PLAIN && plain.ok()) {
                        cell.put("ratio", c.medianMs() / plain.medianMs());
                    }
                } else {
                    cell.put("error", c.error());
                }
                w.put(mode.key(), cell);
            });
            workloads.add(w);
        });
        doc.put("workloads", workloads);
        return doc;
    }

    private static double min(Cell c) {
        return c.invocationMs().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    private static double max(Cell c) {
        return c.invocationMs().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run", USAGE, args,
                "--workloads", "--modes", "--invocations", "--warmup", "--iterations", "--size", "--out", "--baseline");
        List<Suite.Entry> workloads = o.value("--workloads", Suite.all(), Suite::select);
        List<Mode> wanted = new ArrayList<>(List.of(Mode.PLAIN));
        for (Mode mode : o.value("--modes", List.of(Mode.DETECT, Mode.REMIX, Mode.PARK, Mode.VBD), Harness::modes)) {
            if (!wanted.contains(mode)) {
                wanted.add(mode);
            }
        }
        int invocations = o.count("--invocations", 3, 1);
        int warmup = o.count("--warmup", 3, 0);
        int iterations = o.count("--iterations", 3, 1);
        Size size = o.value("--size", Size.DEFAULT, Size::named);
        Path out = o.path("--out", home.resolve("bench/results/suite"));
        Path baseline = o.value("--baseline", null, Harness::checkout);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Harness h = new Harness(new Settings(home, java, ProgramClassPath.ofHarness(), workloads,
                List.copyOf(wanted), invocations, warmup, iterations, size, baseline));
        List<Availability> availability = new ArrayList<>();
        for (Mode m : wanted) {
            Availability a = h.probe(m);
            availability.add(a);
            if (!a.available()) {
                System.err.println("bench/run: skipping mode " + m.key() + ": " + a.reason());
            }
        }
        Map<String, Map<Mode, Cell>> results = h.measure(availability.stream().filter(Availability::available)
                .map(Availability::mode).toList());
        h.write(out, availability, results);
        System.err.println("bench/run: wrote " + out + ".md and .json");
    }

    private static Path checkout(String dir) {
        Path home = Path.of(dir).toAbsolutePath().normalize();
        if (!Files.isExecutable(home.resolve("bin/jremix"))
                || !Files.isRegularFile(home.resolve("agent/target/jremix-agent.jar"))) {
            throw new IllegalArgumentException("'" + dir + "' is not a built jremix checkout (bin/jremix and"
                    + " agent/target/jremix-agent.jar)");
        }
        return home;
    }

    private static List<Mode> modes(String names) {
        return Arrays.stream(names.split(",")).map(Mode::named).toList();
    }
}
