package io.jremix.bench.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.report.Json;
import io.jremix.report.cache.CacheTextReport;
import io.jremix.report.cache.RepairProfile;

/**
 * {@code bench/run-corpus}: each bug of the {@link Corpus}, before and after its fix, under jremix as a user would
 * run it. Per bug:
 * <ul>
 *   <li>the version before under {@code -remix:detect} at the defaults, {@code --runs} times: found or not, and
 *   at what rate; each run learns a profile ({@code -XX:REMIXProfile}), and the profiles are merged;</li>
 *   <li>with {@code --load}, the same runs again beside a busy loop on every core;</li>
 *   <li>the version after under {@code -remix:detect} at the defaults and at ten times the default sensitivity,
 *   {@code --runs} times each: it must be silent on what the fix changed;</li>
 *   <li>one run of the version before under {@code -remix}, padded from the merged profile, for the repair's
 *   report (instance sizes before and after);</li>
 *   <li>plain before, plain after (fixed) and before repaired from the profile, interleaved JVM by JVM,
 *   {@code --runs} JVMs each, {@code --rounds} rounds per JVM ({@link Rounds}).</li>
 * </ul>
 * Writes {@code bench/results/corpus.md} and {@code .json}.
 */
public final class CorpusBench {
    private static final String SCRIPT = "bench/run-corpus";
    private static final String USAGE = "usage: " + SCRIPT + " [--bugs ID,ID...] [--runs N] [--rounds N] [--warmup N]"
            + " [--load] [--out FILE.md]\n"
            + "Runs each bug of the corpus before and after its fix under jremix: detection at the defaults (and with"
            + " --load,\nbeside a busy loop on every core), the version after at 1x and 10x the default sensitivity,"
            + " and plain,\nfixed and repaired times. Bugs: "
            + Corpus.BUGS.stream().map(Bug::id).collect(Collectors.joining(", "));
    /**
     * A detection run stops sending after this long: under load, or where detection slows the program down (Caffeine's
     * cache reads), a run may take many times its quiet time; a minute is many windows.
     */
    private static final long CAP_SECONDS = 60;
    /**
     * A timed round moves this share of a detection run's items: a round of about a second on a quiet machine, long
     * enough once warm, where detection wants a few seconds of contention to sample.
     */
    private static final long TIMED_SHARE = 4;

    private final Path home;
    private final Path java;
    private final RoundsPlan plan;
    private final boolean load;

    private CorpusBench(Path home, RoundsPlan plan, boolean load) {
        this.home = home;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java");
        this.plan = plan;
        this.load = load;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse(SCRIPT, USAGE, args, List.of("--load"), "--bugs", "--runs", "--rounds",
                "--warmup", "--out");
        RoundsPlan plan = RoundsPlan.read(o, 5, 4, 1);
        List<Bug> bugs = o.value("--bugs", Corpus.BUGS, CorpusBench::select);
        Path out = o.path("--out", home.resolve("bench/results/corpus.md"));
        CorpusBench b = new CorpusBench(home, plan, o.flag("--load"));
        for (Bug bug : bugs) {
            for (Path jar : bug.source().jars(b.corpusJars(), true)) {
                b.requireJar(jar);
            }
        }
        Double loadBefore = Machine.loadAverage();
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < bugs.size(); i++) {
            outcomes.add(b.measure(bugs.get(i), "[" + (i + 1) + "/" + bugs.size() + " " + bugs.get(i).id() + "]"));
        }
        Map<String, Object> machine = Machine.describe(b.java);
        machine.put("loadAverageBefore", loadBefore);
        machine.put("loadAverageAfter", Machine.loadAverage());
        String command = String.join(" ", SCRIPT, String.join(" ", args)).trim();
        CorpusTable.write(out, command, machine, plan, b.load, outcomes);
    }

    /** The bugs {@code ids} names, comma-separated. */
    private static List<Bug> select(String ids) {
        return Arrays.stream(ids.split(",", -1)).map(String::trim).map(Corpus::bug).distinct().toList();
    }

    private Path corpusJars() {
        return home.resolve("bench/target/corpus");
    }

    private void requireJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            System.err.println(SCRIPT + ": " + jar + " is missing: build first: mvn -B -DskipTests package");
            System.exit(2);
        }
    }

    private Outcome measure(Bug bug, String progress) throws IOException, InterruptedException {
        Outcome o = new Outcome(bug);
        Path dir = Files.createTempDirectory("corpus-" + bug.id());
        try {
            List<Path> profiles = new ArrayList<>();
            for (int r = 0; r < plan.runs(); r++) {
                Path profile = dir.resolve("profile-" + r + ".json");
                profiles.add(profile);
                o.before.add(detect(bug, false, List.of("-XX:REMIXProfile=" + profile), dir,
                        progress + " before, detection " + (r + 1) + "/" + plan.runs()));
            }
            if (load) {
                o.loaded = new ArrayList<>();
                for (int r = 0; r < plan.runs(); r++) {
                    try (Load busy = new Load()) {
                        o.loaded.add(detect(bug, false, List.of(), dir,
                                progress + " before, loaded, detection " + (r + 1) + "/" + plan.runs()));
                    }
                }
            }
            o.afterDefaults.addAll(detections(bug, List.of(), dir, progress + " after, defaults"));
            o.afterTenTimes.addAll(detections(bug, Sensitivity.tenTimes(), dir, progress + " after, 10x"));
            Path learned = merge(profiles, dir.resolve("learned.json"));
            if (learned != null) {
                o.learned = padded(learned);
                o.repair = repairReport(bug, learned, dir, progress + " repaired, under -remix");
            }
            timed(o, learned, progress);
        } catch (IOException e) {
            System.err.println(progress + " failed: " + e.getMessage());
            o.error = e.getMessage();
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
        return o;
    }

    private List<Detection> detections(Bug bug, List<String> options, Path dir, String progress)
            throws IOException, InterruptedException {
        List<Detection> runs = new ArrayList<>();
        for (int r = 0; r < plan.runs(); r++) {
            runs.add(detect(bug, true, options, dir, progress + ", detection " + (r + 1) + "/" + plan.runs()));
        }
        return runs;
    }

    /** One run under {@code -remix:detect} with {@code options}, and what its report says about the bug. */
    private Detection detect(Bug bug, boolean fixed, List<String> options, Path dir, String progress)
            throws IOException, InterruptedException {
        Path report = dir.resolve("report.json");
        List<String> argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(), "-remix:detect",
                "-XX:REMIXReport=" + report));
        argv.addAll(options);
        Command.withJava(program(argv, bug, fixed, List.of(), bug.items(), CAP_SECONDS), java).run()
                .orThrow();
        @SuppressWarnings("unchecked")
        Detection d = Detection.of(bug, (Map<String, Object>) Json.parse(Files.readString(report)));
        Files.delete(report);
        System.err.printf(Locale.ROOT, "%s: %s%n", progress, fixed ? (d.silent() ? "silent" : "NOT silent: "
                + names(d.naming().isEmpty() ? d.inScope() : d.naming()))
                : d.found().name().toLowerCase(Locale.ROOT) + ", " + CacheTextReport.percent(d.costShare()));
        return d;
    }

    private static String names(List<Map<String, Object>> findings) {
        return findings.stream().map(f -> f.get("className") + "::" + f.get("fields") + " (" + f.get("kind") + ")")
                .collect(Collectors.joining(", "));
    }

    /** The learning runs' profiles as one, or null if none learned anything. */
    private static Path merge(List<Path> profiles, Path merged) throws IOException {
        RepairProfile all = new RepairProfile(List.of());
        try {
            for (Path p : profiles) {
                RepairProfile one = RepairProfile.read(p);
                all = all.merge(one.classes(), one::layout, LocalDate.now().toString());
            }
        } catch (RepairProfile.UnusableProfileException e) {
            throw new IOException("a learned profile is unusable: " + e.getMessage(), e);
        }
        if (all.entries().isEmpty()) {
            return null;
        }
        all.write(merged);
        return merged;
    }

    /** The classes a profile pads, each as {@code Class: [field, field] [field]} by group. */
    private static List<String> padded(Path profile) throws IOException {
        try {
            return RepairProfile.read(profile).classes().stream()
                    .map(c -> c.className() + ":" + c.groups().stream().map(g -> " [" + String.join(", ", g) + "]")
                            .collect(Collectors.joining()))
                    .toList();
        } catch (RepairProfile.UnusableProfileException e) {
            throw new IOException("the learned profile is unusable: " + e.getMessage(), e);
        }
    }

    /**
     * The repair section of the report of a run under {@code -remix} (detection and repair) padded from
     * {@code learned} (a copy: the run adds its own findings to the profile it reads): each padded class with its
     * layout before and after.
     */
    @SuppressWarnings("unchecked")
    private Object repairReport(Bug bug, Path learned, Path dir, String progress)
            throws IOException, InterruptedException {
        Path copy = Files.copy(learned, dir.resolve("learned-copy.json"));
        Path report = dir.resolve("repair-report.json");
        List<String> argv = List.of(home.resolve("bin/jremix").toString(), "-remix", "-XX:REMIXProfile=" + copy,
                "-XX:REMIXReport=" + report);
        Command.withJava(program(argv, bug, false, List.of(), bug.items(), CAP_SECONDS), java).run()
                .orThrow();
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(report));
        Object repair = doc.get("repair");
        System.err.println(progress + ": " + CorpusTable.bytesAdded(repair));
        return repair;
    }

    /** Plain before, plain after and before repaired, interleaved JVM by JVM: each JVM's mean ms per round. */
    private void timed(Outcome o, Path learned, String progress) throws IOException, InterruptedException {
        for (int r = 0; r < plan.runs(); r++) {
            for (Outcome.Variant v : Outcome.Variant.values()) {
                if (v == Outcome.Variant.REPAIRED && learned == null) {
                    continue;
                }
                List<String> launcher = v == Outcome.Variant.REPAIRED
                        ? List.of(home.resolve("bin/jremix").toString(), "-XX:REMIXProfile=" + learned)
                        : List.of(java.toString());
                List<String> rounds = List.of(Rounds.class.getName(), Integer.toString(plan.rounds()));
                double ms = Command.withJava(program(launcher, o.bug, v == Outcome.Variant.FIXED, rounds,
                        o.bug.items() / TIMED_SHARE, 0), java).run().orThrow().meanRoundMs(plan.warmup());
                o.times.computeIfAbsent(v, k -> new ArrayList<>()).add(ms);
                System.err.printf(Locale.ROOT, "%s %s, JVM %d/%d: %.1f ms/round%n", progress,
                        v.name().toLowerCase(Locale.ROOT), r + 1, plan.runs(), ms);
            }
        }
    }

    /** {@code launcher [version's JVM options] -cp bench:jars [wrapper] driver variant items cap}. */
    private List<String> program(List<String> launcher, Bug bug, boolean fixed, List<String> wrapper, long items,
                                 long cap) {
        List<String> argv = new ArrayList<>(launcher);
        argv.addAll(bug.source().jvmOptions(fixed));
        argv.addAll(List.of("-cp", bug.classPath(home.resolve("bench/target/jremix-bench.jar"), corpusJars(), fixed)));
        argv.addAll(wrapper);
        argv.add(bug.driver().getName());
        argv.addAll(bug.args(items, cap));
        return argv;
    }
}
