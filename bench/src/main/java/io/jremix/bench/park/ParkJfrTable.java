package io.jremix.bench.park;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.jremix.bench.Machine;
import io.jremix.bench.Stats;

/** The Markdown of {@link ParkJfr}: the parks each tool attributed, then what each profiler costs. */
final class ParkJfrTable {
    /** A 1-minute load average from this on, before the run, means other work shared the machine. */
    private static final double BUSY_LOAD = 1.0;

    private ParkJfrTable() {
    }

    static String markdown(ParkJfr.Settings s, Map<String, Object> machine, List<ParkJfr.Result> results) {
        StringBuilder md = new StringBuilder(
                "# Park contention: jremix against JFR's `jdk.ThreadPark` and async-profiler's lock mode\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Workload size `%s`; each JVM runs %d"
                        + " iterations of the workload, the first %d of them warm-up. %s%n%n", s.size().name().toLowerCase(Locale.ROOT),
                s.plan().rounds(), s.plan().warmup(), load(machine)));
        attribution(md, results);
        overhead(md, s, results);
        md.append("\nReproduce: `bench/run-park-jfr").append(options(s)).append("` (after `mvn -B -DskipTests package`).\n");
        return md.toString();
    }

    static String load(Map<String, Object> machine) {
        Object before = machine.get("loadAverageBefore");
        if (before == null) {
            return "";
        }
        String line = String.format(Locale.ROOT, "1-minute load average %.2f before the run, %.2f after it (which"
                + " counts the run's own JVMs).", (Double) before, (Double) machine.get("loadAverageAfter"));
        return (Double) before >= BUSY_LOAD ? line + " **The machine was busy with other work**: times are noisier"
                + " than on a quiet machine." : line;
    }

    private static void attribution(StringBuilder md, List<ParkJfr.Result> results) {
        md.append("## Parks attributed\n\n");
        md.append("One JVM per workload runs under `bin/jremix -XXgetparkcontention:report=FILE,printThreshold=0` with"
                + " a JFR recording of `jdk.ThreadPark` alone at threshold 0, so both count the same program run."
                + " *jremix*: the `timesParked` of its report's blocker rows summed by `className`, and"
                + " `nullBlockerParks` as *no blocker*; *JFR*: its `jdk.ThreadPark` events by `parkedClass`.\n\n");
        md.append("| workload | blocker class | jremix | JFR | jremix − JFR |\n|---|---|---:|---:|---:|\n");
        for (ParkJfr.Result r : results) {
            ParksByBlockerClass jremix = r.parks().jremix();
            ParksByBlockerClass jfr = r.parks().jfr();
            TreeSet<String> classes = new TreeSet<>(jremix.byBlockerClass().keySet());
            classes.addAll(jfr.byBlockerClass().keySet());
            String workload = r.workload();
            for (String c : classes) {
                md.append(countRow(workload, "`" + c + "`", jremix.byBlockerClass().getOrDefault(c, 0L),
                        jfr.byBlockerClass().getOrDefault(c, 0L)));
                workload = "";
            }
            md.append(countRow(workload, "*no blocker*", jremix.withoutBlocker(), jfr.withoutBlocker()));
            md.append(countRow("", "**all parks**", jremix.total(), jfr.total()));
        }
        md.append('\n');
    }

    private static String countRow(String workload, String what, long jremix, long jfr) {
        return String.format(Locale.ROOT, "| %s | %s | %d | %d | %s |%n", workload, what, jremix, jfr,
                jremix == jfr ? "0" : String.format(Locale.ROOT, "%+d", jremix - jfr).replace('-', '−'));
    }

    private static void overhead(StringBuilder md, ParkJfr.Settings s, List<ParkJfr.Result> results) {
        md.append("## Overhead\n\n");
        md.append(String.format(Locale.ROOT, "Interleaved: in each of %d rounds every profiler runs each workload in"
                + " a JVM of its own. A cell is the median over those %d JVMs of the mean ms per measured iteration"
                + " (fastest–slowest JVM), its ratio is to plain `java` in the same run; *events* is the median per"
                + " JVM of what each profiler recorded (jremix: parks in its report; JFR: `jdk.ThreadPark` events;"
                + " async-profiler: lock events, i.e. contended `synchronized` enters and parks on"
                + " `java.util.concurrent` locks).%n%n", s.plan().runs(), s.plan().runs()));
        List<Profiler> profilers = s.profilers();
        md.append("| workload |");
        for (Profiler p : profilers) {
            md.append(' ').append(p.label()).append(p == Profiler.PLAIN ? " ms |" : " ms | ratio |");
        }
        md.append(" events: ").append(String.join(" / ", profilers.stream().filter(p -> p != Profiler.PLAIN)
                .map(Profiler::label).toList())).append(" |\n|---|").append("---:|".repeat(profilers.size() * 2))
                .append('\n');
        for (ParkJfr.Result r : results) {
            md.append("| ").append(r.workload()).append(" |");
            ParkJfr.Cell plain = r.cells().get(Profiler.PLAIN);
            StringBuilder events = new StringBuilder();
            for (Profiler p : profilers) {
                ParkJfr.Cell c = r.cells().get(p);
                md.append(c.ok() ? String.format(Locale.ROOT, " %s |", Stats.medianRange(c.runsMs(), "%.0f"))
                        : " error |");
                if (p != Profiler.PLAIN) {
                    md.append(c.ok() && plain.ok() ? String.format(Locale.ROOT, " %.2f× |",
                            c.medianMs() / plain.medianMs()) : " – |");
                    events.append(events.length() == 0 ? " " : " / ").append(c.ok()
                            ? String.format(Locale.ROOT, "%.0f", c.medianEvents()) : "–");
                }
            }
            md.append(events).append(" |\n");
        }
        md.append('\n');
        for (Profiler p : profilers) {
            md.append("- *").append(p.label()).append("*: ").append(p.how()).append('\n');
        }
        for (String note : s.notes()) {
            md.append("- ").append(note).append('\n');
        }
        for (ParkJfr.Result r : results) {
            r.cells().forEach((p, c) -> {
                if (!c.ok()) {
                    md.append("- Error: `").append(r.workload()).append("` under ").append(p.label()).append(": ")
                            .append(c.error()).append('\n');
                }
            });
        }
    }

    private static String options(ParkJfr.Settings s) {
        return String.format(Locale.ROOT, " --workloads %s --runs %d --rounds %d --warmup %d --size %s",
                String.join(",", s.workloads().stream().map(w -> w.name()).toList()), s.plan().runs(),
                s.plan().rounds(), s.plan().warmup(), s.size().name().toLowerCase(Locale.ROOT));
    }

}
