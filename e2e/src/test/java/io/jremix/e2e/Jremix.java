package io.jremix.e2e;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.jremix.report.Json;

/** Runs programs through {@code bin/jremix} on the JDK running the tests, as a user would. */
public final class Jremix {
    public static final Path HOME = Path.of(System.getProperty("jremix.home", "..")).toAbsolutePath().normalize();
    public static final Path WORKLOADS = Path.of(System.getProperty("jremix.workloads",
            HOME.resolve("workloads/target/jremix-workloads.jar").toString()));
    /** jremix's own jcstress tests: run with {@code -jar}, its manifest names jcstress's main and its lib/. */
    public static final Path JCSTRESS = Path.of(System.getProperty("jremix.jcstress",
            HOME.resolve("jcstress/target/jremix-jcstress.jar").toString()));
    public static final String PACKAGE = "io.jremix.workloads.cache.";
    /**
     * Tags the tests of jremix's own Java logic, whose outcome is the same on every JDK: when a window traces what
     * (bursts, shedding, hot classes) and when it may open (the budget), which parts each combination of modes
     * installs, and the HTML pages drawn from a report in Chromium. {@code .ci/run} runs them on its first JDK only.
     */
    public static final String SAME_ON_EVERY_JDK = "same-on-every-jdk";
    /** Hang protection only: beside a CPU hog the litmus runs took more than 180 s. */
    private static final long TIMEOUT_SECONDS = 600;
    private static final int SCHEDULING_ATTEMPTS = 5;
    /**
     * The kinds a false-sharing finding may take: under load two threads seldom run at once, so a layout that the
     * analysis predicts contended may be reported latent rather than observed.
     */
    public static final List<String> FALSE_SHARING = List.of("false-sharing", "latent-false-sharing");
    /** The detector's own floor of sampled misses on one class (Thresholds.DEFAULT_MIN_SAMPLED). */
    public static final int FEW_MISSES = 32;
    /**
     * A run's misses spread over every line it contends on (AtomicArrayCounters' over up to four array elements),
     * so with fewer than twice the floor no class can be counted on to reach it.
     */
    private static final int RETRY_BELOW = 2 * FEW_MISSES;
    /**
     * The finding rate the tests that expect a finding run at: 1,000 estimated misses per second, whatever they cost,
     * instead of the default rule (what the misses cost the threads that touch a line, {@code -XX:REMIXCostShare}),
     * which before it was 100,000 misses a second. When other builds share the 2 cores, contending threads mostly
     * take turns, their lines move between cores far less often, and the rate falls (37 sampled misses in 4.5 s,
     * about 8,000 per second, on BaseTest under a load of 7). These tests check what is found and how it is named.
     * The controls (ControlsTest) keep the default, the one users get: under a load of 16 the small-heap control
     * (AllocationChurn) showed 148 sampled misses on its threads' arrays, 78,000 per second, silent at 100,000 and
     * not at this rate.
     */
    public static final String TEST_THRESHOLD = "-XX:REMIXThreshold=1000";
    /**
     * Detection left on as a service runs it, with short windows re-armed a second after each closes whatever they
     * cost, so that a test sees several soon.
     */
    public static final List<String> REARMED_WINDOWS = List.of("-remix:detect", TEST_THRESHOLD,
            "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=2", "-XX:REMIXRearm=1", "-XX:REMIXBudget=0");
    /**
     * The calls of an {@code InterfaceReceivers} run that must find its false sharing: 20 M ended in 0.2 s on
     * JDK 25, where 5 of 12 such runs sampled too few misses (5–10) and CI failed three runs in a row; 100 M found
     * it in 6 of 6 (1,022–5,093 misses). Also the run with a 16-byte header: at 20 M, two of three found nothing.
     */
    public static final String INTERFACE_CALLS = "100000000";
    private static final Pattern TRACED = Pattern.compile("^REMIX: Traced .*: \\d+ accesses sampled, (\\d+) coherence misses");

    private Jremix() {
    }

    /** What a run printed and returned. */
    public record Run(int exit, String stdout, String stderr) {
        public List<String> stderrLines() {
            return stderr.lines().toList();
        }

        public List<String> stdoutLines() {
            return stdout.lines().toList();
        }
    }

    /** Runs {@code bin/jremix <args>} with the workloads on the class path. */
    public static Run launch(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(HOME.resolve("bin/jremix").toString());
        command.addAll(args);
        return exec(command);
    }

    /** Runs {@code bin/jremix <options> -cp workloads <workload> <args>}. */
    public static Run workload(List<String> options, String workload, String... args) throws IOException, InterruptedException {
        return main(options, WORKLOADS.toString(), workload.contains(".") ? workload : PACKAGE + workload, args);
    }

    /**
     * Runs a cache workload under {@code -remix:detect}, again in a fresh JVM (at most {@value #SCHEDULING_ATTEMPTS}
     * runs) while a run's summary line shows fewer than {@value #RETRY_BELOW} coherence misses, because the kernel
     * decides which threads run at the same time. With 4 threads on 2 cores the kernel may keep the two threads that
     * share a line on one core for the whole run, alternating them: then no line ever moves between cores, there is
     * no contention to find, and the program runs as fast as padded. The tests run BaseTest with 8 threads, which
     * makes that rare: on JDK 25, 3 of 6 runs with 4 threads made no finding (13–27 misses), none of 6 with 8
     * threads (230 misses or more). StaticCounters, two threads for under a second, on Temurin 25 beside a CI build:
     * 2 of 6 runs sampled 14 and 26 misses and found nothing, and a CI run had three such runs in a row, hence five
     * attempts. A detector that misses real contention still fails: it is retried only when hardly any misses
     * happened at all.
     */
    public static Run contendedWorkload(List<String> options, String workload, String... args)
            throws IOException, InterruptedException {
        return contendedWorkload(SCHEDULING_ATTEMPTS, options, workload, args);
    }

    /** As {@link #contendedWorkload(List, String, String...)}, in at most {@code attempts} runs. */
    public static Run contendedWorkload(int attempts, List<String> options, String workload, String... args)
            throws IOException, InterruptedException {
        return contended(() -> workload(options, workload, args), Run::stderrLines, attempts);
    }

    /** A run of a contended program under detection, repeated as {@link #contendedWorkload} repeats one. */
    public static Run contended(Launch launch) throws IOException, InterruptedException {
        return contended(launch, Run::stderrLines);
    }

    /** As {@link #contended(Launch)}, with the REMIX report in the lines {@code report} picks from a run. */
    public static Run contended(Launch launch, Function<Run, List<String>> report) throws IOException, InterruptedException {
        return contended(launch, report, SCHEDULING_ATTEMPTS);
    }

    private static Run contended(Launch launch, Function<Run, List<String>> report, int attempts)
            throws IOException, InterruptedException {
        Run run = launch.run();
        for (int attempt = 1; attempt < attempts && coherenceMisses(report.apply(run)) < RETRY_BELOW; attempt++) {
            run = launch.run();
        }
        return run;
    }

    /** Starts one JVM and waits for it. */
    @FunctionalInterface
    public interface Launch {
        Run run() throws IOException, InterruptedException;
    }

    /** The coherence misses on the run's {@code REMIX: Traced ...} summary line, or -1 without one. */
    public static long coherenceMisses(Run run) {
        return coherenceMisses(run.stderrLines());
    }

    /** The coherence misses on a {@code REMIX: Traced ...} summary line among {@code lines}, or -1 without one. */
    static long coherenceMisses(List<String> lines) {
        for (String line : lines) {
            Matcher m = TRACED.matcher(line);
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        return -1;
    }

    /** Runs {@code bin/jremix <options> -cp <classpath> <main> <args>}. */
    public static Run main(List<String> options, String classpath, String main, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(options);
        command.addAll(List.of("-cp", classpath, main));
        command.addAll(List.of(args));
        return launch(command);
    }

    /** The {@code java} of the JDK running the tests. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static Run exec(List<String> command) throws IOException, InterruptedException {
        return exec(command, null);
    }

    /** Runs {@code command} in {@code dir} (null: this process's working directory). */
    public static Run exec(List<String> command, Path dir) throws IOException, InterruptedException {
        return exec(command, dir, Map.of());
    }

    /** Runs {@code command} in {@code dir} (null: this process's working directory) with {@code env} added. */
    public static Run exec(List<String> command, Path dir, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("JREMIX_JAVA");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().putAll(env);
        Path out = Files.createTempFile("jremix-out", ".txt");
        Path err = Files.createTempFile("jremix-err", ".txt");
        try {
            pb.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The JSON document in {@code file}. */
    /** The first of {@code names} found as an executable on the {@code PATH}, for a tool a test runs. */
    public static Optional<Path> onPath(String... names) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> Stream.of(names).map(name -> Path.of(dir, name))).filter(Files::isExecutable)
                .findFirst();
    }

    /** The jar or class directory that {@code c}, on this test's class path, was loaded from. */
    public static Path codeOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(c + " has no file location", e);
        }
    }

    /** The jars or directories of {@code classes}, each once, in their order. */
    public static String[] codesOf(Class<?>... classes) {
        return Stream.of(classes).map(c -> codeOf(c).toString()).distinct().toArray(String[]::new);
    }

    /** A class path of the jars or directories of {@code classes}, each once, in their order. */
    public static String classPathOf(Class<?>... classes) {
        return String.join(File.pathSeparator, codesOf(classes));
    }

    /** The jar on this test's class path whose file name starts with {@code name}: a test dependency it runs. */
    public static Path testDependency(String name) {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not on the test class path"));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> json(Path file) throws IOException {
        return (Map<String, Object>) Json.parse(Files.readString(file));
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> findings(Map<String, Object> report) {
        return (List<Map<String, Object>>) report.get("findings");
    }

    /** A JSON array of objects, as {@link Json#parse} returns it. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> list(Object o) {
        return (List<Map<String, Object>>) o;
    }

    /** A JSON array of strings, as {@link Json#parse} returns it. */
    @SuppressWarnings("unchecked")
    public static List<String> strings(Object o) {
        return (List<String>) o;
    }

    /** A JSON object, as {@link Json#parse} returns it. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }
}
