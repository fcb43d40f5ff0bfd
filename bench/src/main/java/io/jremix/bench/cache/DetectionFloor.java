package io.jremix.bench.cache;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;
import io.jremix.bench.Stats;
import io.jremix.report.Json;
import io.jremix.workloads.cache.PacedCounters;

/**
 * The smallest contention {@code -remix:detect} reports, tracing all the time (the default) against tracing in
 * bursts: {@code PacedCounters} makes false sharing at rates from tens of millions of stores per second down to
 * tens of thousands, continuously or in part of every 20 ms, and each rate runs under each mode at each rule asked
 * for: a cost share ({@code -XX:REMIXCostShare}, a percentage of the threads' running time) or a threshold
 * ({@code -XX:REMIXThreshold}, estimated misses per second). A cell says in how many of the runs the false sharing was
 * reported, the rate and the cost share the detector estimated (of the finding, or of the contention it saw below
 * the rule), and when it was reported. The rate column is the program's own, under plain {@code java}.
 *
 * <p>Usage: {@code bench/run-detection-floor [--runs N] [--millis N] [--shares P[,P...]] [--thresholds N[,N...]]
 * [--out FILE.md]}
 */
public final class DetectionFloor {
    private static final String WORKLOAD = PacedCounters.class.getName();
    private static final long PERIOD = PacedCounters.PERIOD_MILLIS;
    private static final String SHARED = "long[]";
    private static final Pattern STORES = Pattern.compile("storesPerSecond=(\\d+)");

    /** Rounds of arithmetic between two stores, and the share of every period in which the threads store. */
    private record Level(int work, int activePercent) {
        String describe() {
            return "work " + work + (activePercent == 100 ? ", all the time"
                    : ", " + activePercent + "% of every " + PERIOD + " ms");
        }
    }

    private static final List<Level> LEVELS = List.of(new Level(0, 100), new Level(300, 100), new Level(1000, 100),
            new Level(3000, 100), new Level(10000, 100), new Level(30000, 100), new Level(0, 25), new Level(0, 10),
            new Level(1000, 25));

    private enum Mode {
        DEFAULT("default", List.of()),
        BURSTS("bursts", DetectionOverhead.BURSTS),
        /** Bursts started by a thread with a short time slice: Java 22 and later, with native access enabled. */
        BURSTS_SHORT_SLICE("burstsShortSlice", Stream.concat(Stream.of("--enable-native-access=ALL-UNNAMED"),
                DetectionOverhead.BURSTS.stream()).toList());

        final String key;
        final List<String> options;

        Mode(String key, List<String> options) {
            this.key = key;
            this.options = options;
        }

        /** The modes this Java can run: before 22, the short slice is refused and would repeat the bursts. */
        static List<Mode> available() {
            return Runtime.version().feature() >= 22 ? List.of(values()) : List.of(DEFAULT, BURSTS);
        }
    }

    /** What decides a finding: {@code -XX:REMIXCostShare=value} (percent) or {@code -XX:REMIXThreshold=value}. */
    private record Rule(boolean share, double value) {
        String option() {
            return share ? "-XX:REMIXCostShare=" + plain(value) : "-XX:REMIXThreshold=" + (long) value;
        }

        String key() {
            return share ? "share" + plain(value) : "threshold" + (long) value;
        }

        String label() {
            return share ? "share " + plain(value) + "%" : "threshold " + rate(value);
        }
    }

    /** What one run under jremix reported of the array's false sharing. */
    private record Outcome(boolean found, double estimatedPerSecond, double costShare, double detectedSeconds) {
    }

    private DetectionFloor() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-detection-floor [--runs N] [--millis N] [--shares P[,P...]]"
                + " [--thresholds N[,N...]] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-detection-floor", usage, args, "--runs", "--millis",
                "--shares", "--thresholds", "--out");
        int runs = o.count("--runs", 3, 1);
        int millis = o.count("--millis", 5000, 100);
        List<Rule> rules = new ArrayList<>();
        for (double share : o.value("--shares", List.of(0.03), DetectionFloor::percentages)) {
            rules.add(new Rule(true, share));
        }
        for (int threshold : o.counts("--thresholds", new int[] {100_000, 1_000}, 0)) {
            rules.add(new Rule(false, threshold));
        }
        Path out = o.path("--out", home.resolve("bench/results/detection-floor.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classpath = home.resolve("workloads/target/jremix-workloads.jar").toString();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Level level : LEVELS) {
            List<String> program = List.of("-cp", classpath, WORKLOAD, "2", Integer.toString(level.work),
                    Integer.toString(millis), Integer.toString(level.activePercent));
            List<Double> plain = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                List<String> argv = new ArrayList<>(List.of(java.toString()));
                argv.addAll(program);
                plain.add(storesPerSecond(Command.withJava(argv, java).run().orThrow()));
            }
            double plainRate = Stats.median(plain);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("work", level.work);
            row.put("activePercent", level.activePercent);
            row.put("plainStoresPerSecond", plainRate);
            System.err.printf(Locale.ROOT, "%-40s plain %.3g stores/s%n", level.describe(), plainRate);
            for (Rule rule : rules) {
                for (Mode mode : Mode.available()) {
                    List<Outcome> outcomes = new ArrayList<>();
                    for (int r = 0; r < runs; r++) {
                        outcomes.add(traced(home, java, mode, rule, program));
                    }
                    Map<String, Object> cell = cell(outcomes);
                    row.put(key(mode, rule), cell);
                    System.err.printf(Locale.ROOT, "%-40s %-7s %-17s %s%n", level.describe(), mode, rule.label(), cell);
                }
            }
            rows.add(row);
        }
        write(out, rows, runs, millis, rules, java);
    }

    private static String key(Mode mode, Rule rule) {
        return mode.key + "At" + rule.key();
    }

    /** Comma-separated percentages, each from 0 to 100. */
    private static List<Double> percentages(String text) {
        List<Double> out = new ArrayList<>();
        for (String p : text.split(",", -1)) {
            double v;
            try {
                v = Double.parseDouble(p.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected percentages such as 0.03,0.003: " + text);
            }
            if (!(v >= 0 && v <= 100)) {
                throw new IllegalArgumentException("a percentage from 0 to 100: " + p);
            }
            out.add(v);
        }
        return out;
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static double storesPerSecond(Command.Result result) {
        Matcher m = STORES.matcher(result.stdout());
        if (!m.find()) {
            throw new IllegalStateException("no storesPerSecond in: " + result.stdout());
        }
        return Double.parseDouble(m.group(1));
    }

    private static Outcome traced(Path home, Path java, Mode mode, Rule rule, List<String> program)
            throws IOException, InterruptedException {
        Path report = Files.createTempFile("floor", ".json");
        try {
            List<String> argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(), "-remix:detect",
                    rule.option(), "-XX:REMIXReport=" + report));
            argv.addAll(mode.options);
            argv.addAll(program);
            Command.withJava(argv, java).run().orThrow();
            return outcome(Json.parse(Files.readString(report)));
        } finally {
            Files.deleteIfExists(report);
        }
    }

    /** The array's false sharing in a report: found, or seen below the threshold, or not seen at all (rate 0). */
    @SuppressWarnings("unchecked")
    private static Outcome outcome(Object report) {
        Map<String, Object> doc = (Map<String, Object>) report;
        for (String list : List.of("findings", "belowThreshold")) {
            for (Map<String, Object> f : (List<Map<String, Object>>) doc.get(list)) {
                if (SHARED.equals(f.get("className")) && "false-sharing".equals(f.get("kind"))) {
                    Object at = f.get("detectedSeconds");
                    return new Outcome(list.equals("findings"), ((Number) f.get("ratePerSecond")).doubleValue(),
                            ((Number) f.get("costShare")).doubleValue(), at == null ? Double.NaN : ((Number) at).doubleValue());
                }
            }
        }
        return new Outcome(false, 0, 0, Double.NaN);
    }

    private static Map<String, Object> cell(List<Outcome> outcomes) {
        List<Double> detected = outcomes.stream().filter(Outcome::found).map(Outcome::detectedSeconds).toList();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("found", detected.size());
        c.put("runs", outcomes.size());
        c.put("estimatedPerSecond", Stats.median(outcomes.stream().map(Outcome::estimatedPerSecond).toList()));
        c.put("costShare", Stats.median(outcomes.stream().map(Outcome::costShare).toList()));
        c.put("detectedSeconds", detected.isEmpty() ? null : Stats.median(detected));
        c.put("each", outcomes.stream().map(o -> Json.object("found", o.found, "estimatedPerSecond",
                o.estimatedPerSecond, "costShare", o.costShare, "detectedSeconds",
                Double.isNaN(o.detectedSeconds) ? null : o.detectedSeconds)).toList());
        return c;
    }

    @SuppressWarnings("unchecked")
    private static String format(Object cell) {
        Map<String, Object> c = (Map<String, Object>) cell;
        Object at = c.get("detectedSeconds");
        return String.format(Locale.ROOT, "%d/%d, %s/s, %s%%%s", (int) c.get("found"), (int) c.get("runs"),
                rate((double) c.get("estimatedPerSecond")), rate(100 * (double) c.get("costShare")),
                at == null ? "" : String.format(Locale.ROOT, ", %.2f s", (double) at));
    }

    private static String rate(double perSecond) {
        return perSecond == 0 ? "0" : String.format(Locale.ROOT, "%.2g", perSecond).replace("e+0", "e").replace("e+", "e");
    }

    private static void write(Path out, List<Map<String, Object>> rows, int runs, int millis, List<Rule> rules, Path java)
            throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder();
        md.append("# Detection floor: the smallest false sharing reported, tracing all the time and in bursts\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". `PacedCounters 2 WORK %d ACTIVE`: two"
                + " threads store to their own elements of one `long[]`, WORK rounds of arithmetic between two stores, for"
                + " %d ms, storing in the first ACTIVE%% of every %d ms. *plain stores/s* is the program's own count"
                + " under plain `java` (median of %d runs). Each other cell is one mode at one rule (a cost share,"
                + " `-XX:REMIXCostShare`, percent of the threads' running time, or a threshold, `-XX:REMIXThreshold`,"
                + " estimated misses per second): in how many of %d runs the false sharing on PacedCounters' `long[]`"
                + " was reported, the median rate and cost share the detector estimated (of the finding, or of the"
                + " contention it saw below the rule; 0 when it sampled none), and the median time from the JVM's"
                + " start to the report.%n%n", millis, millis, PERIOD, runs, runs));
        md.append("- **default**: `-remix:detect`, one access in 1000 sampled all the time the window is open.\n");
        md.append("- **bursts**: `-remix:detect " + String.join(" ", DetectionOverhead.BURSTS) + "`, one access in 10"
                + " sampled within each burst (the ratio bursts take by default: one in 1000 of the window).\n");
        if (Mode.available().contains(Mode.BURSTS_SHORT_SLICE)) {
            md.append("- **burstsShortSlice**: the same with `--enable-native-access=ALL-UNNAMED`, with which the thread"
                    + " that starts the bursts asks Linux for a 0.1 ms time slice (Java 22 and later).\n");
        }
        md.append('\n');
        md.append("Reproduce: `bench/run-detection-floor` (after `mvn -B -DskipTests package`).\n\n");
        StringBuilder header = new StringBuilder("| work | active | plain stores/s |");
        StringBuilder rule = new StringBuilder("|---:|---:|---:|");
        for (Rule r : rules) {
            for (Mode mode : Mode.available()) {
                header.append(String.format(Locale.ROOT, " %s, %s |", mode.key, r.label()));
                rule.append("---|");
            }
        }
        md.append(header).append('\n').append(rule).append('\n');
        for (Map<String, Object> r : rows) {
            md.append(String.format(Locale.ROOT, "| %d | %d%% | %s |", (int) r.get("work"), (int) r.get("activePercent"),
                    rate((double) r.get("plainStoresPerSecond"))));
            for (Rule each : rules) {
                for (Mode mode : Mode.available()) {
                    md.append(' ').append(format(r.get(key(mode, each)))).append(" |");
                }
            }
            md.append('\n');
        }
        ResultFiles.write(out, md.toString(),
                Json.object("machine", machine, "runs", runs, "millis", millis, "rows", rows));
    }
}
