package io.jremix.bench.libs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.Command;
import io.jremix.bench.Machine;
import io.jremix.bench.Rounds;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.Stats;
import io.jremix.report.Json;
import io.jremix.report.cache.RepairProfile;
import io.jremix.workloads.libs.PadStripper;

/**
 * REMIX's headline on real libraries: each library's queue or ring buffer, as published on Maven Central (padded by
 * hand) and with its pad fields removed ({@link PadStripper}), driven by one producer and one consumer thread
 * ({@code Handoff}). For each case: what {@code -remix:detect} finds on the library's classes in the unpadded and in
 * the padded jar, then the time per round of unpadded, repaired from the profile that detection learned, and padded
 * by hand, the three interleaved JVM by JVM so that load from other processes falls on all of them alike.
 *
 * <p>Usage: {@code bench/run-real-libraries [--runs N] [--rounds N] [--warmup N] [--scale F] [--only NAME]
 * [--out FILE.md]}; {@code --scale} multiplies every case's item count.
 */
public final class RealLibraries {
    private static final String HANDOFF = "io.jremix.workloads.libs.Handoff";
    /**
     * Detection runs that learn the profile, as a service started a few times would: what shares a line with what
     * depends on where the allocator put the objects, which changes from run to run.
     */
    private static final int LEARN_RUNS = 5;

    /** How one variant of a case runs: JVM options and the library jar (or none, for the JDK). */
    private record Setup(List<String> jvmOptions, Path library) {
    }

    /**
     * @param packagePrefix the library's classes, the only findings this benchmark reads
     * @param repairable    whether a profile can pad the unpadded variant (not the JDK's, unpadded by a JVM flag)
     */
    private record Case(String name, String packagePrefix, String main, List<String> args, Setup unpadded,
                        Setup padded, boolean repairable) {
    }

    private enum Variant { UNPADDED, PROFILE, PADDED }

    private final Path home;
    private final Path java;
    private final RoundsPlan plan;

    private RealLibraries(Path home, RoundsPlan plan) {
        this.home = home;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java");
        this.plan = plan;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        BenchOptions o = BenchOptions.parse("bench/run-real-libraries", "usage: bench/run-real-libraries [--runs N]"
                        + " [--rounds N] [--warmup N] [--scale F] [--only NAME] [--out FILE.md]",
                args, "--runs", "--rounds", "--warmup", "--scale", "--only", "--out");
        RoundsPlan plan = RoundsPlan.read(o, 3, 4, 1);
        double scale = o.value("--scale", 1.0, Double::parseDouble);
        String only = o.text("--only", null);
        Path out = o.path("--out", home.resolve("bench/results/real-libraries.md"));
        RealLibraries b = new RealLibraries(home, plan);
        Double loadBefore = Machine.loadAverage();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Case c : b.cases(scale)) {
            if (only == null || c.name.startsWith(only)) {
                rows.add(b.measure(c));
            }
        }
        Map<String, Object> machine = Machine.describe(b.java);
        machine.put("loadAverageBefore", loadBefore);
        machine.put("loadAverageAfter", Machine.loadAverage());
        RealLibrariesTable.write(out, machine, plan, scale, rows);
    }

    /** The cases, with the unpadded jars written under {@code bench/target/unpadded}. */
    private List<Case> cases(double scale) throws IOException {
        Path lib = home.resolve("bench/target/lib");
        Path disruptor = published(lib, "disruptor-");
        Path jctools = published(lib, "jctools-core-");
        Path agrona = published(lib, "agrona-");
        String items = Long.toString(Math.round(5_000_000 * scale));
        return List.of(
                queue("LMAX Disruptor RingBuffer (single producer)", "com.lmax.", "disruptor", items, disruptor),
                queue("JCTools SpscArrayQueue", "org.jctools.", "jctools-spsc", items, jctools),
                queue("JCTools MpscArrayQueue", "org.jctools.", "jctools-mpsc", items, jctools),
                queue("Agrona ManyToOneConcurrentArrayQueue", "org.agrona.", "agrona-mpsc", items, agrona),
                new Case("JDK LongAdder (control: @Contended cells)", "java.util.concurrent.atomic.",
                        "io.jremix.workloads.libs.Adders", List.of(Long.toString(Math.round(20_000_000 * scale))),
                        new Setup(List.of("-XX:ContendedPaddingWidth=0"), null), new Setup(List.of(), null), false));
    }

    private Case queue(String name, String packagePrefix, String channel, String items, Path jar) throws IOException {
        Path unpadded = home.resolve("bench/target/unpadded").resolve(jar.getFileName());
        PadStripper.strip(jar, unpadded);
        return new Case(name + " " + version(jar), packagePrefix, HANDOFF, List.of(channel, items),
                new Setup(List.of(), unpadded), new Setup(List.of(), jar), true);
    }

    private static Path published(Path lib, String prefix) throws IOException {
        try (var files = Files.list(lib)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new IOException("no " + prefix + "*.jar in " + lib + ": build bench first"));
        }
    }

    private static String version(Path jar) {
        String file = jar.getFileName().toString();
        return file.substring(file.lastIndexOf('-') + 1, file.length() - ".jar".length());
    }

    private Map<String, Object> measure(Case c) throws IOException, InterruptedException {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("case", c.name);
        row.put("command", String.join(" ", c.main.substring(c.main.lastIndexOf('.') + 1), String.join(" ", c.args)));
        Path profile = Files.createTempFile("real-libraries-profile", ".json");
        Files.delete(profile);
        List<List<String>> learned = new ArrayList<>();
        if (c.repairable) {
            for (int run = 0; run < LEARN_RUNS; run++) {
                learned.add(detect(c, c.unpadded, List.of("-XX:REMIXProfile=" + profile)));
            }
        } else {
            learned.add(detect(c, c.unpadded, List.of()));
        }
        row.put("unpaddedFindings", learned);
        row.put("learnRuns", learned.size());
        row.put("profilePads", profilePads(profile, c.packagePrefix));
        row.put("paddedFindings", detect(c, c.padded, List.of()));
        Map<Variant, List<Double>> times = new LinkedHashMap<>();
        for (int r = 0; r < plan.runs(); r++) {
            for (Variant v : Variant.values()) {
                if (v == Variant.PROFILE && !c.repairable) {
                    continue;
                }
                double ms = Command.withJava(timed(c, v, profile), java).run().orThrow().meanRoundMs(plan.warmup());
                times.computeIfAbsent(v, k -> new ArrayList<>()).add(ms);
                System.err.printf(Locale.ROOT, "%-50s %-8s run %d/%d: %8.1f ms/round%n", c.name, v, r + 1, plan.runs(), ms);
            }
        }
        times.forEach((v, perRun) -> {
            String key = v.name().toLowerCase(Locale.ROOT);
            row.put(key + "Ms", Stats.median(perRun));
            row.put(key + "RunsMs", perRun);
        });
        Files.deleteIfExists(profile);
        return row;
    }

    /** The library's classes in the learned profile, each as {@code Class: [field, field] [field]} by group. */
    private static List<String> profilePads(Path profile, String packagePrefix) throws IOException {
        if (!Files.exists(profile)) {
            return List.of();
        }
        try {
            return RepairProfile.read(profile).classes().stream()
                    .filter(c -> c.className().startsWith(packagePrefix))
                    .map(c -> c.className() + ":" + c.groups().stream().map(g -> " [" + String.join(", ", g) + "]")
                            .collect(Collectors.joining()))
                    .toList();
        } catch (RepairProfile.UnusableProfileException e) {
            throw new IOException("the learned profile " + profile + " is unusable: " + e.getMessage(), e);
        }
    }

    /**
     * One detection run; returns its findings on the library's classes as {@code Class::field,field (kind)}, the
     * way the exit report names them.
     */
    private List<String> detect(Case c, Setup setup, List<String> options) throws IOException, InterruptedException {
        Path report = Files.createTempFile("real-libraries-report", ".json");
        List<String> launcher = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(), "-remix:detect",
                "-XX:REMIXReport=" + report));
        launcher.addAll(options);
        Command.withJava(argv(launcher, setup, List.of(c.main), c.args), java).run().orThrow();
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(report));
        Files.delete(report);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> findings = (List<Map<String, Object>>) doc.getOrDefault("findings", List.of());
        List<String> named = new ArrayList<>();
        for (Map<String, Object> f : findings) {
            String className = (String) f.get("className");
            if (className.startsWith(c.packagePrefix)) {
                named.add(className + "::" + String.join(",", stringList(f.get("fields"))) + " (" + f.get("kind") + ")");
            }
        }
        return named;
    }

    @SuppressWarnings("unchecked")
    private static List<String> stringList(Object value) {
        return (List<String>) value;
    }

    private List<String> timed(Case c, Variant v, Path profile) {
        String jremix = home.resolve("bin/jremix").toString();
        List<String> rounds = List.of(Rounds.class.getName(), Integer.toString(plan.rounds()), c.main);
        return switch (v) {
            case UNPADDED -> argv(List.of(java.toString()), c.unpadded, rounds, c.args);
            case PROFILE -> argv(List.of(jremix, "-XX:REMIXProfile=" + profile), c.unpadded, rounds, c.args);
            case PADDED -> argv(List.of(java.toString()), c.padded, rounds, c.args);
        };
    }

    /** {@code launcher [options] -cp bench:workloads[:library] main args}, without the published jars otherwise. */
    private List<String> argv(List<String> launcher, Setup setup, List<String> main, List<String> args) {
        List<String> argv = new ArrayList<>(launcher);
        argv.addAll(setup.jvmOptions);
        String cp = home.resolve("bench/target/jremix-bench.jar") + File.pathSeparator
                + home.resolve("workloads/target/jremix-workloads.jar")
                + (setup.library == null ? "" : File.pathSeparator + setup.library);
        argv.addAll(List.of("-cp", cp));
        argv.addAll(main);
        argv.addAll(args);
        return argv;
    }
}
