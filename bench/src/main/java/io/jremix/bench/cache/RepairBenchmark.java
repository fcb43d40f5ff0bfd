package io.jremix.bench.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;


/**
 * Speed and memory of false-sharing repair: each workload runs plain, padded by hand, padded by jremix from a
 * profile learned in learning runs, and under jremix's online mode, against plain java in the same run. Each JVM
 * runs the workload {@code rounds} times ({@link Rounds}); the first {@code warmup} rounds are dropped, the rest
 * averaged; the median over {@code runs} JVMs is reported. Memory is the instance size of the padded classes (JOL),
 * plain and padded.
 *
 * <p>Usage: {@code bench/run-repair [--runs N] [--rounds N] [--warmup N] [--only NAME] [--out FILE.md]}
 */
public final class RepairBenchmark {
    private static final String C = "io.jremix.workloads.cache.";
    private static final String R = "io.jremix.workloads.cache.repair.";
    private static final List<String> JOL = List.of("--add-exports", "java.base/jdk.internal.vm.annotation=ALL-UNNAMED",
            "-Djol.magicFieldOffset=true", "-Djdk.attach.allowAttachSelf=true");

    /**
     * A workload in its unpadded and hand-padded forms.
     *
     * @param hot       the classes jremix pads, whose instance sizes the table shows
     * @param instances how many instances of them one round allocates
     */
    private record Case(String name, String main, List<String> plain, String handMain, List<String> hand,
                        List<String> hot, int instances) {
    }

    private static final List<Case> CASES = List.of(
            new Case("BaseTest (2 threads)", C + "BaseTest", List.of("2", "40000000"),
                    C + "PaddedBaseTest", List.of("2", "40000000"), List.of(C + "BaseTest$VolatileLong"), 2),
            new Case("BaseTest (4 threads)", C + "BaseTest", List.of("4", "20000000"),
                    C + "PaddedBaseTest", List.of("4", "20000000"), List.of(C + "BaseTest$VolatileLong"), 4),
            new Case("SPSC ring", R + "SpscRing", List.of("plain"), R + "SpscRing", List.of("padded"),
                    List.of(R + "SpscRing$Cursors"), 1),
            new Case("Disruptor-style sequence pipeline", R + "SequencePipeline", List.of("plain"),
                    R + "SequencePipeline", List.of("padded"), List.of(R + "Sequence"), 3),
            new Case("Reactor-style work queue", R + "WorkQueue", List.of("plain"), R + "WorkQueue", List.of("padded"),
                    List.of(R + "Sequence"), 4));

    /** How a case runs; LEAN is PROFILE with 64-byte instead of 128-byte padding, to see if less memory costs speed. */
    private enum Variant { PLAIN, HAND, PROFILE, LEAN, ONLINE }

    private static final String LEAN_PADDING = "-XX:ContendedPaddingWidth=64";
    private static final int MAX_LEARN_RUNS = 5;

    private final Path home;
    private final Path java;
    private final String classpath;
    private final RoundsPlan plan;

    private RepairBenchmark(Path home, RoundsPlan plan) {
        this.home = home;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java");
        this.classpath = System.getProperty("java.class.path");
        this.plan = plan;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-repair",
                "usage: bench/run-repair [--runs N] [--rounds N] [--warmup N] [--only NAME] [--out FILE.md]",
                args, "--runs", "--rounds", "--warmup", "--only", "--out");
        RoundsPlan plan = RoundsPlan.read(o, 5, 8, 3);
        String only = o.text("--only", null);
        Path out = o.path("--out", home.resolve("bench/results/repair.md"));
        RepairBenchmark b = new RepairBenchmark(home, plan);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Case c : CASES) {
            if (only == null || c.name.startsWith(only)) {
                rows.add(b.measure(c));
            }
        }
        b.write(out, rows);
    }

    private Map<String, Object> measure(Case c) throws IOException, InterruptedException {
        Path profile = Files.createTempFile("repair-profile", ".json");
        Files.delete(profile);
        int learnRuns = learn(c, profile);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("workload", c.name);
        row.put("learned", learnRuns > 0);
        row.put("learnRuns", learnRuns > 0 ? learnRuns : MAX_LEARN_RUNS);
        for (Variant v : Variant.values()) {
            List<Double> perRun = new ArrayList<>();
            for (int r = 0; r < plan.runs(); r++) {
                double ms = Command.withJava(command(c, v, profile), java).run().orThrow().meanRoundMs(plan.warmup());
                perRun.add(ms);
                System.err.printf(Locale.ROOT, "%-36s %-7s run %d/%d: %8.1f ms/round%n", c.name, v, r + 1, plan.runs(), ms);
            }
            String key = v.name().toLowerCase(Locale.ROOT);
            row.put(key + "Ms", Stats.median(perRun));
            row.put(key + "RunsMs", perRun);
        }
        row.put("plainBytes", sizes(List.of(java.toString()), c.hot));
        row.put("paddedBytes", sizes(List.of(home.resolve("bin/jremix").toString(), "-XX:REMIXProfile=" + profile), c.hot));
        row.put("leanBytes", sizes(List.of(home.resolve("bin/jremix").toString(), LEAN_PADDING,
                "-XX:REMIXProfile=" + profile), c.hot));
        row.put("instances", c.instances);
        Files.deleteIfExists(profile);
        return row;
    }

    /**
     * Runs the workload under {@code -remix:detect -XX:REMIXProfile} until the profile names the hot class, as a user
     * would: the profile merges what each run finds, and whether the allocator puts two hot objects on one line can
     * differ from run to run. Returns the number of runs it took, or 0 if none found it.
     */
    private int learn(Case c, Path profile) throws IOException, InterruptedException {
        for (int run = 1; run <= MAX_LEARN_RUNS; run++) {
            Command.withJava(argv(List.of(home.resolve("bin/jremix").toString(), "-remix:detect",
                    "-XX:REMIXProfile=" + profile), c.main, c.plain), java).run().orThrow();
            if (Files.exists(profile) && Files.readString(profile).contains("\"" + c.hot.get(0) + "\"")) {
                return run;
            }
        }
        return 0;
    }

    private List<String> command(Case c, Variant v, Path profile) {
        String jremix = home.resolve("bin/jremix").toString();
        return switch (v) {
            case PLAIN -> argv(List.of(java.toString()), c.main, c.plain);
            case HAND -> argv(List.of(java.toString()), c.handMain, c.hand);
            case PROFILE -> argv(List.of(jremix, "-XX:REMIXProfile=" + profile), c.main, c.plain);
            case LEAN -> argv(List.of(jremix, LEAN_PADDING, "-XX:REMIXProfile=" + profile), c.main, c.plain);
            case ONLINE -> argv(List.of(jremix, "-remix"), c.main, c.plain);
        };
    }

    private List<String> argv(List<String> launcher, String main, List<String> args) {
        List<String> argv = new ArrayList<>(launcher);
        argv.addAll(List.of("-cp", classpath, Rounds.class.getName(), Integer.toString(plan.rounds()), main));
        argv.addAll(args);
        return argv;
    }

    /** Instance size of the first hot class, as JOL reads it in a JVM started with {@code launcher}. */
    private long sizes(List<String> launcher, List<String> classes) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(launcher);
        argv.addAll(JOL);
        argv.addAll(List.of("-cp", classpath, InstanceSizes.class.getName()));
        argv.addAll(classes);
        Command.Result r = Command.withJava(argv, java).run().orThrow();
        return r.stdout().lines().filter(l -> l.startsWith("size ")).mapToLong(l -> Long.parseLong(l.split(" ")[2]))
                .findFirst().orElseThrow();
    }

    private void write(Path out, List<Map<String, Object>> rows) throws IOException, InterruptedException {
        Map<String, Object> machine = Machine.describe(java);
        StringBuilder md = new StringBuilder("# False-sharing repair: speed and memory\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ". Each workload runs %d rounds per JVM"
                        + " (the first %d are warm-up); cells are the median over %d JVMs of the mean ms per round.%n%n",
                plan.rounds(), plan.warmup(), plan.runs()));
        md.append("- **plain**: `java`, the classes as written, hot fields of different threads side by side.\n");
        md.append("- **by hand**: `java`, the same program with the hot fields padded by hand (Disruptor-style"
                + " class hierarchy, or `PaddedBaseTest`).\n");
        md.append("- **profile**: `bin/jremix -XX:REMIXProfile=FILE` with the profile that learning runs"
                + " (`-remix:detect -XX:REMIXProfile=FILE`, repeated until the class is found, at most "
                + MAX_LEARN_RUNS + "; column *learn runs*) wrote: classes padded from their first instance, no"
                + " detection.\n");
        md.append("- **lean**: the profile run with `" + LEAN_PADDING + "` (64-byte instead of 128-byte padding).\n");
        md.append("- **online**: `bin/jremix -remix`: detection, and padding of classes found falsely shared that"
                + " load later; these workloads load their classes before the contention starts, so online mode"
                + " cannot pad them and pays for the detection window.\n");
        md.append("- BaseTest allocates its objects once per JVM, as the REMIX paper's example does in its static"
                + " initializer, so whether its values share a line is decided once per JVM by the allocator, not varied"
                + " per round.\n");
        md.append("- **bytes**: instance size of the padded class, plain → padded by jremix (JOL), times the"
                + " instances one round allocates.\n\n");
        md.append("| workload | plain | by hand | speed-up | learn runs | profile | speed-up | profile vs hand | lean | online |"
                + " speed-up | bytes per instance: plain → profile (lean) | padding per round |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
        for (Map<String, Object> r : rows) {
            double plain = (double) r.get("plainMs");
            double hand = (double) r.get("handMs");
            double profile = (double) r.get("profileMs");
            double lean = (double) r.get("leanMs");
            double online = (double) r.get("onlineMs");
            long before = (long) r.get("plainBytes");
            long after = (long) r.get("paddedBytes");
            md.append(String.format(Locale.ROOT,
                    "| %s | %.0f | %.0f | %.2f× | %d | %.0f%s | %.2f× | %+.1f%% | %.0f | %.0f | %.2f× | %d → %d (%d) | +%d B |%n",
                    r.get("workload"), plain, hand, plain / hand, (int) r.get("learnRuns"), profile,
                    (boolean) r.get("learned") ? "" : " (nothing learned)", plain / profile,
                    (profile / hand - 1) * 100, lean, online, plain / online, before, after, (long) r.get("leanBytes"),
                    (after - before) * (int) r.get("instances")));
        }
        md.append("\nReproduce: `bench/run-repair` (after `mvn -B -DskipTests package`).\n");
        RoundsTable.write(out, md.toString(), machine, plan, rows);
    }
}
