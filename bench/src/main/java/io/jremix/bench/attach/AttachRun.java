package io.jremix.bench.attach;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleBiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.bench.Command;
import io.jremix.bench.longrun.MemorySample;
import io.jremix.report.Json;
import io.jremix.workloads.cache.SaturatedService;

/**
 * One run: {@link ServiceUnderTest} warmed up, then its throughput before, during and after an attached detection
 * window and an attached park profiler, and its memory before and after each.
 */
final class AttachRun {
    static final String TALLY = "io.jremix.workloads.cache.LiveService$Tally";
    static final String LOCK = "java.util.concurrent.locks.ReentrantLock$NonfairSync";
    private static final long IDLE_TIMEOUT_MILLIS = 120_000;
    /** Slices of a phase the service runs alone: the spread of the {@code before} phase's is its noise. */
    static final int SLICES = 4;
    private static final Pattern USED = Pattern.compile("Both:.*?([0-9.]+) (bytes|KB|MB|GB) \\(\\s*<?\\d+%\\) used");

    /**
     * Requests served in a phase: its progress at the start, at the end, and, for a phase the service runs alone,
     * at the ends of its {@value #SLICES} slices, whose rates show the phase's own spread.
     */
    record Phase(String name, List<ServiceUnderTest.Progress> points) {
        Phase(String name, ServiceUnderTest.Progress from, ServiceUnderTest.Progress to) {
            this(name, List.of(from, to));
        }

        double perSecond() {
            return rate(Phase::perSecond);
        }

        long millis() {
            return points.get(points.size() - 1).millis() - points.get(0).millis();
        }

        double perCpuSecond() {
            return rate(Phase::perCpuSecond);
        }

        /** The whole phase's rate. */
        double rate(ToDoubleBiFunction<ServiceUnderTest.Progress, ServiceUnderTest.Progress> rate) {
            return rate.applyAsDouble(points.get(0), points.get(points.size() - 1));
        }

        /** Each slice's rate, by {@link #perSecond(ServiceUnderTest.Progress, ServiceUnderTest.Progress)} or the other. */
        List<Double> slices(ToDoubleBiFunction<ServiceUnderTest.Progress, ServiceUnderTest.Progress> rate) {
            List<Double> rates = new ArrayList<>();
            for (int i = 1; i < points.size(); i++) {
                rates.add(rate.applyAsDouble(points.get(i - 1), points.get(i)));
            }
            return rates;
        }

        static double perSecond(ServiceUnderTest.Progress from, ServiceUnderTest.Progress to) {
            return (to.requests() - from.requests()) * 1000.0 / (to.millis() - from.millis());
        }

        static double perCpuSecond(ServiceUnderTest.Progress from, ServiceUnderTest.Progress to) {
            return (to.requests() - from.requests()) / (to.cpuSeconds() - from.cpuSeconds());
        }
    }

    /** The service's memory at one moment: live heap, jremix's objects, RSS, and the metaspace in use. */
    record Checkpoint(String name, MemorySample sample, long metaspaceKb) {
    }

    /**
     * @param found        whether the detection window reported false sharing on {@link #TALLY}
     * @param sampledMisses coherence misses the window sampled: few when the kernel seldom ran the two workers at
     *                     once (a busy machine), and then nothing to find
     * @param lockParks    parks on the workers' lock in the park report at stop
     * @param restoreSeconds from the window's report to every class restored (status idle)
     * @param ending       the service's exit code and last line
     */
    record Result(List<Phase> phases, List<Checkpoint> checkpoints, boolean found, long sampledMisses,
                  long lockParks, double restoreSeconds, String ending) {
    }

    private final Path home;
    private final Path java;
    private final Path jcmd;
    private final long phaseSeconds;
    private final Path scratch;

    AttachRun(Path home, Path java, long phaseSeconds, Path scratch) {
        this.home = home;
        this.java = java;
        this.jcmd = java.resolveSibling("jcmd");
        this.phaseSeconds = phaseSeconds;
        this.scratch = scratch;
    }

    Result run(List<String> jvmOptions, int threads) throws IOException, InterruptedException {
        try (ServiceUnderTest service = start(jvmOptions, threads)) {
            long pid = service.pid();
            List<Phase> phases = new ArrayList<>();
            List<Checkpoint> checkpoints = new ArrayList<>();
            measure(service, "warm-up");
            phases.add(measure(service, "before"));
            checkpoints.add(checkpoint("before", pid));

            Path remix = scratch.resolve("remix-" + pid + ".json");
            ServiceUnderTest.Progress from = service.progress();
            attach(pid, "-remix:detect", "-XX:REMIXThreshold=1000", "-XX:REMIXWindow=5", "-XX:REMIXMaxWindow=10",
                    "-XX:REMIXReport=" + remix).orThrow();
            phases.add(new Phase("during detection", from, service.progress()));
            long reported = System.nanoTime();
            awaitIdle(pid);
            double restore = (System.nanoTime() - reported) / 1e9;
            phases.add(measure(service, "after detection"));
            checkpoints.add(checkpoint("after detection", pid));

            Path park = scratch.resolve("park-" + pid + ".json");
            attach(pid, "-XXgetparkcontention").orThrow();
            phases.add(measure(service, "during park profiling"));
            attach(pid, "stop", park.toString()).orThrow();
            awaitIdle(pid);
            phases.add(measure(service, "after park profiling"));
            checkpoints.add(checkpoint("after park profiling", pid));
            Map<String, Object> detection = json(remix);
            return new Result(phases, checkpoints, found(detection),
                    ((Number) ((Map<?, ?>) detection.get("trace")).get("sampledMisses")).longValue(),
                    lockParks(json(park)), restore, service.stop());
        }
    }

    /**
     * The same service never attached to, over the same timeline as {@code attached}: its phases measured alone, a
     * pause where the window and the restoring took place. A service still warming up is faster later without
     * jremix too; this is how much.
     */
    List<Phase> control(List<String> jvmOptions, int threads, Result attached)
            throws IOException, InterruptedException {
        try (ServiceUnderTest service = start(jvmOptions, threads)) {
            List<Phase> phases = new ArrayList<>();
            measure(service, "warm-up");
            phases.add(measure(service, "before"));
            ServiceUnderTest.Progress from = service.progress();
            Phase detection = attached.phases().get(1);
            Thread.sleep(detection.millis() + Math.round(attached.restoreSeconds() * 1000));
            phases.add(new Phase(detection.name(), from, service.progress()));
            for (Phase p : attached.phases().subList(2, attached.phases().size())) {
                phases.add(measure(service, p.name()));
            }
            service.stop();
            return phases;
        }
    }

    private ServiceUnderTest start(List<String> jvmOptions, int threads) throws IOException {
        return start(SaturatedService.class, jvmOptions, threads);
    }

    ServiceUnderTest start(Class<?> service, List<String> jvmOptions, int threads) throws IOException {
        return ServiceUnderTest.start(java, jvmOptions, home.resolve("workloads/target/jremix-workloads.jar"), service,
                threads);
    }

    /** A phase of {@link #phaseSeconds} in which the service runs alone, in {@link #SLICES} slices. */
    private Phase measure(ServiceUnderTest service, String name) throws IOException, InterruptedException {
        List<ServiceUnderTest.Progress> points = new ArrayList<>(List.of(service.progress()));
        for (int i = 0; i < SLICES; i++) {
            Thread.sleep(TimeUnit.SECONDS.toMillis(phaseSeconds) / SLICES);
            points.add(service.progress());
        }
        return new Phase(name, points);
    }

    Command.Result attach(long pid, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(home.resolve("bin/jremix").toString(), "attach",
                Long.toString(pid)));
        argv.addAll(List.of(args));
        return Command.withJava(argv, java).run();
    }

    /** Waits until jremix runs nothing in the service: every class restored, the profiler's hooks gone. */
    void awaitIdle(long pid) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + IDLE_TIMEOUT_MILLIS;
        while (!attach(pid, "status").stdout().contains("jremix is not running there")) {
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("jremix still runs in process " + pid + " after "
                        + IDLE_TIMEOUT_MILLIS / 1000 + " s");
            }
            Thread.sleep(200);
        }
    }

    private Checkpoint checkpoint(String name, long pid) throws IOException, InterruptedException {
        return new Checkpoint(name, MemorySample.take(jcmd, pid, 0), metaspaceUsedKb(jcmd(pid, "VM.metaspace")));
    }

    String jcmd(long pid, String command) throws IOException, InterruptedException {
        return MemorySample.jcmd(jcmd, pid, command);
    }

    /**
     * From {@code VM.metaspace} (JDK 17 and 25 alike): the {@code used} figure of the first {@code Both:} line, below
     * {@code Total Usage}; -1 without one.
     */
    static long metaspaceUsedKb(String metaspace) {
        int total = metaspace.indexOf("Total Usage");
        Matcher m = USED.matcher(total < 0 ? "" : metaspace.substring(total));
        if (!m.find()) {
            return -1;
        }
        double kb = Double.parseDouble(m.group(1)) * switch (m.group(2)) {
            case "bytes" -> 1.0 / 1024;
            case "MB" -> 1024;
            case "GB" -> 1024 * 1024;
            default -> 1;
        };
        return Math.round(kb);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Path report) throws IOException {
        return (Map<String, Object>) Json.parse(Files.readString(report));
    }

    @SuppressWarnings("unchecked")
    private static boolean found(Map<String, Object> doc) {
        return ((List<Map<String, Object>>) doc.get("findings")).stream()
                .anyMatch(f -> f.get("className").equals(TALLY) && f.get("kind").equals("false-sharing"));
    }

    @SuppressWarnings("unchecked")
    private static long lockParks(Map<String, Object> doc) {
        return ((List<Map<String, Object>>) doc.get("blockers")).stream().filter(b -> b.get("className").equals(LOCK))
                .mapToLong(b -> ((Number) b.get("timesParked")).longValue()).sum();
    }
}
