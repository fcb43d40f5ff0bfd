package io.jremix.bench.park;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.Machine;
import io.jremix.bench.Stats;

/** The Markdown of {@link ParkServer}: each profiler's requests/s against plain java's, and plain's own spread. */
final class ParkServerTable {
    private ParkServerTable() {
    }

    static String markdown(Map<String, Object> machine, ParkServer.Load load, int runs, List<String> notes,
                           Map<Profiler, ParkServer.Cell> cells) {
        StringBuilder md = new StringBuilder("# Park profilers on a real server: requests/s under `wrk`\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". %s%n%n", ParkJfrTable.load(machine)));
        md.append(String.format(Locale.ROOT, "`OrderBookServer`: embedded Tomcat, one servlet that hands each order to"
                + " the book's one writer thread and waits on its future. Each server gets `wrk -t2 -c%d` over loopback for %d s of warm-up, then"
                + " %d s measured. Interleaved: each of %d runs starts one server per profiler, the order turned by"
                + " one each run. A cell is the median requests/s over the runs (lowest–highest), its ratio to plain"
                + " java's median; *warm-up* is the same ratio over the warm-up, while the JIT still compiles the"
                + " server; *events* is the median per server of what the profiler recorded (jremix: parks in"
                + " its report; JFR: `jdk.ThreadPark` events; async-profiler: lock events).%n%n",
                load.connections(), load.warmupSeconds(), load.seconds(), runs));
        md.append("| profiler | requests/s | ratio | warm-up | events |\n|---|---:|---:|---:|---:|\n");
        ParkServer.Cell plain = cells.get(Profiler.PLAIN);
        cells.forEach((p, c) -> {
            if (!c.ok()) {
                md.append("| ").append(p.label()).append(" | error | – | – | – |\n");
                return;
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", p.label(),
                    Stats.medianRange(c.requestsPerSecond(), "%.0f"),
                    p == Profiler.PLAIN || !plain.ok() ? "–" : ratio(c.requestsPerSecond(), plain.requestsPerSecond()),
                    p == Profiler.PLAIN || !plain.ok() || c.warmupRequestsPerSecond().isEmpty() ? "–"
                            : ratio(c.warmupRequestsPerSecond(), plain.warmupRequestsPerSecond()),
                    c.events().isEmpty() ? "–" : String.format(Locale.ROOT, "%.0f",
                            Stats.median(c.events().stream().map(Long::doubleValue).toList()))));
        });
        if (plain.ok() && plain.requestsPerSecond().size() > 1) {
            List<Double> r = plain.requestsPerSecond();
            double median = Stats.median(r);
            md.append(String.format(Locale.ROOT, "%nPlain java's own runs spread from %.2f× to %.2f× of their median:"
                    + " a ratio within that is noise.%n", Stats.min(r) / median, Stats.max(r) / median));
        }
        md.append('\n');
        cells.keySet().forEach(p -> md.append("- *").append(p.label()).append("*: ").append(p.how()).append('\n'));
        notes.forEach(n -> md.append("- ").append(n).append('\n'));
        cells.forEach((p, c) -> {
            if (!c.ok()) {
                md.append("- Error under ").append(p.label()).append(": ").append(c.error()).append('\n');
            }
        });
        md.append(String.format(Locale.ROOT, "%nReproduce: `bench/run-park-server --runs %d --seconds %d --warmup %d"
                + " --connections %d` (after `mvn -B -DskipTests package`; needs `wrk`).%n", runs, load.seconds(),
                load.warmupSeconds(), load.connections()));
        return md.toString();
    }

    private static String ratio(List<Double> rates, List<Double> plain) {
        return String.format(Locale.ROOT, "%.2f×", Stats.median(rates) / Stats.median(plain));
    }
}
