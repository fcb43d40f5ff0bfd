package io.jremix.bench.park;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ProgramClassPath;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.Suite;
import io.jremix.bench.suite.SuiteRun;

/**
 * Park contention on the suite's concurrent workloads, against an oracle no one here wrote and against another
 * profiler:
 * <ol>
 *   <li>which blockers the parks were on, as jremix saw them and as JFR's {@code jdk.ThreadPark} events (threshold
 *       0) did, both in the same JVM, so that every count can be compared exactly;</li>
 *   <li>what each costs: plain {@code java}, {@code bin/jremix -XXgetparkcontention}, JFR recording
 *       {@code jdk.ThreadPark} alone and async-profiler's lock mode, interleaved (each round of JVMs runs every
 *       profiler once per workload). Each JVM runs {@code rounds} iterations of the workload and drops the first
 *       {@code warmup}; a cell is the median over {@code runs} JVMs, its ratio is to plain java in the same run.</li>
 * </ol>
 */
public final class ParkJfr {
    static final String USAGE = "usage: bench/run-park-jfr [--workloads NAME,...] [--runs N] [--rounds N] [--warmup N]"
            + " [--size default|tiny] [--out FILE.md]\n"
            + "  --workloads  suite workloads, default " + ParkJfr.DEFAULT_WORKLOADS + "\n"
            + "  --runs       JVMs per workload and profiler (default 5)\n"
            + "  --rounds     iterations per JVM, warm-up included (default 5)\n"
            + "  --warmup     warm-up iterations per JVM, not measured (default 2)\n"
            + "  --size       work per iteration: default (1-4 s) or tiny (the smoke size)\n"
            + "  --out        the table, default bench/results/park-jfr.md (the JSON goes next to it)";
    static final String DEFAULT_WORKLOADS = "executor,tomcat,reactor,fj-sort";

    /**
     * @param tools      the profilers' files
     * @param classpath  where the suite is
     * @param workloads  what to run
     * @param plan       JVMs, iterations and warm-up
     * @param size       work per iteration
     * @param profilers  the profilers that run here, plain java first
     * @param notes      why a profiler does not run here, for the table
     */
    record Settings(Profiler.Tools tools, String classpath, List<Suite.Entry> workloads, RoundsPlan plan, Size size,
                    List<Profiler> profilers, List<String> notes) {
    }

    /** The parks of one JVM as jremix reported them and as JFR recorded them. */
    record Attribution(ParksByBlockerClass jremix, ParksByBlockerClass jfr) {
    }

    /** One workload: its parks, and its times under each profiler. */
    record Result(String workload, Attribution parks, Map<Profiler, Cell> cells) {
    }

    /** One workload under one profiler: ms per JVM and the events it recorded in each, or the error that stopped it. */
    record Cell(List<Double> runsMs, List<Long> events, String error) {
        boolean ok() {
            return error == null;
        }

        double medianMs() {
            return Stats.median(runsMs);
        }

        Double medianEvents() {
            return events.isEmpty() ? null : Stats.median(events.stream().map(Long::doubleValue).toList());
        }
    }

    private final Settings settings;
    private final Path work;

    ParkJfr(Settings settings, Path work) {
        this.settings = settings;
        this.work = work;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-park-jfr", USAGE, args,
                "--workloads", "--runs", "--rounds", "--warmup", "--size", "--out");
        List<Suite.Entry> workloads = o.value("--workloads", Suite.select(DEFAULT_WORKLOADS), Suite::select);
        RoundsPlan plan = RoundsPlan.read(o, 5, 5, 2);
        Size size = o.value("--size", Size.DEFAULT, Size::named);
        Path out = o.path("--out", home.resolve("bench/results/park-jfr.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path work = Files.createTempDirectory("park-jfr");
        try {
            run(settings(home, java, ProgramClassPath.ofHarness(), workloads, plan, size, work), work, out);
        } finally {
            deleteAll(work);
        }
    }

    /** The settings for this machine: async-profiler is left out, with the reason, where its library cannot load. */
    static Settings settings(Path home, Path java, String classpath, List<Suite.Entry> workloads, RoundsPlan plan,
                             Size size, Path work) throws IOException {
        Profiler.Available here = Profiler.Available.here(home, java, work);
        return new Settings(here.tools(), classpath, workloads, plan, size, here.profilers(), here.notes());
    }

    /** Measures and writes {@code out} and its JSON. */
    static void run(Settings settings, Path work, Path out) throws IOException, InterruptedException {
        Double loadBefore = Machine.loadAverage();
        ParkJfr bench = new ParkJfr(settings, work);
        List<Result> results = new ArrayList<>();
        for (Suite.Entry w : settings.workloads()) {
            results.add(new Result(w.name(), bench.attribute(w), bench.overhead(w)));
        }
        Double loadAfter = Machine.loadAverage();
        Map<String, Object> machine = Machine.describe(settings.tools().java());
        machine.put("loadAverageBefore", loadBefore);
        machine.put("loadAverageAfter", loadAfter);
        RoundsTable.write(out, ParkJfrTable.markdown(settings, machine, results), machine, settings.plan(),
                results.stream().map(ParkJfr::row).toList());
    }

    /** One JVM under jremix with a {@code jdk.ThreadPark} recording: the parks as each saw them. */
    Attribution attribute(Suite.Entry w) throws IOException, InterruptedException {
        Path report = Files.createTempFile(work, "jremix", ".json");
        Path recording = Files.createTempFile(work, "park", ".jfr");
        try {
            List<String> argv = new ArrayList<>(List.of(settings.tools().home().resolve("bin/jremix").toString(),
                    "-XXgetparkcontention:report=" + report + ",printThreshold=0",
                    settings.tools().jfrOption(recording)));
            argv.addAll(program(w));
            Command.Result r = Command.withJava(argv, settings.tools().java()).run();
            SuiteRun.meanMeasuredMs(r, iterations());
            Attribution a = new Attribution(Profiler.JREMIX.recorded(report), Profiler.JFR.recorded(recording));
            System.err.printf(Locale.ROOT, "%-9s attribution: jremix %d parks, JFR %d jdk.ThreadPark events%n",
                    w.name(), a.jremix().total(), a.jfr().total());
            return a;
        } finally {
            Files.deleteIfExists(report);
            Files.deleteIfExists(recording);
        }
    }

    /** Every profiler {@code runs} times, interleaved; a profiler whose JVM fails is an error from then on. */
    Map<Profiler, Cell> overhead(Suite.Entry w) throws IOException, InterruptedException {
        Map<Profiler, List<Double>> ms = new EnumMap<>(Profiler.class);
        Map<Profiler, List<Long>> events = new EnumMap<>(Profiler.class);
        Map<Profiler, String> errors = new EnumMap<>(Profiler.class);
        for (int r = 1; r <= settings.plan().runs(); r++) {
            for (Profiler p : settings.profilers()) {
                if (errors.containsKey(p)) {
                    continue;
                }
                Path output = Files.createTempFile(work, p.name().toLowerCase(Locale.ROOT), ".out");
                try {
                    List<String> argv = p.launcher(settings.tools(), output);
                    argv.addAll(program(w));
                    double mean = SuiteRun.meanMeasuredMs(Command.withJava(argv, settings.tools().java()).run(),
                            iterations());
                    ms.computeIfAbsent(p, k -> new ArrayList<>()).add(mean);
                    ParksByBlockerClass recorded = p.recorded(output);
                    if (recorded != null) {
                        events.computeIfAbsent(p, k -> new ArrayList<>()).add(recorded.total());
                    }
                    System.err.printf(Locale.ROOT, "%-9s run %d/%d %-14s %9.1f ms%s%n", w.name(), r,
                            settings.plan().runs(), p.label(), mean,
                            recorded == null ? "" : ", " + recorded.total() + " events");
                } catch (IOException e) {
                    errors.put(p, e.getMessage());
                    System.err.printf(Locale.ROOT, "%-9s run %d/%d %-14s ERROR %s%n", w.name(), r,
                            settings.plan().runs(), p.label(), e.getMessage());
                } finally {
                    Files.deleteIfExists(output);
                }
            }
        }
        Map<Profiler, Cell> cells = new EnumMap<>(Profiler.class);
        for (Profiler p : settings.profilers()) {
            cells.put(p, errors.containsKey(p) ? new Cell(List.of(), List.of(), errors.get(p))
                    : new Cell(ms.get(p), events.getOrDefault(p, List.of()), null));
        }
        return cells;
    }

    private List<String> program(Suite.Entry w) {
        return SuiteRun.arguments(settings.classpath(), w.name(), settings.size(), settings.plan().warmup(),
                iterations());
    }

    private int iterations() {
        return settings.plan().rounds() - settings.plan().warmup();
    }

    private static Map<String, Object> row(Result result) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("workload", result.workload());
        Map<String, Object> parks = new LinkedHashMap<>();
        parks.put("jremix", counts(result.parks().jremix()));
        parks.put("jfr", counts(result.parks().jfr()));
        row.put("parks", parks);
        Map<String, Object> overhead = new LinkedHashMap<>();
        Cell plain = result.cells().get(Profiler.PLAIN);
        result.cells().forEach((p, c) -> {
            Map<String, Object> cell = new LinkedHashMap<>();
            if (c.ok()) {
                cell.put("medianMs", c.medianMs());
                if (p != Profiler.PLAIN && plain.ok()) {
                    cell.put("ratio", c.medianMs() / plain.medianMs());
                }
                cell.put("runsMs", c.runsMs());
                if (!c.events().isEmpty()) {
                    cell.put("eventsMedian", c.medianEvents());
                    cell.put("runsEvents", c.events());
                }
            } else {
                cell.put("error", c.error());
            }
            overhead.put(p.label(), cell);
        });
        row.put("overhead", overhead);
        return row;
    }

    private static Map<String, Object> counts(ParksByBlockerClass c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total", c.total());
        m.put("withBlocker", c.withBlocker());
        m.put("withoutBlocker", c.withoutBlocker());
        m.put("byBlockerClass", c.byBlockerClass());
        return m;
    }

    static void deleteAll(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
