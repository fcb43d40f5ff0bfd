package io.jremix.bench.attach;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.bench.BenchOptions;
import io.jremix.bench.longrun.MemorySample;
import io.jremix.workloads.cache.LiveService;

/**
 * Whether attaching again and again leaves anything behind: {@link LiveService} started with plain java, then rounds
 * of an attached detection with re-armed windows (so that JFR samples the running classes between them) and the
 * park profiler, started by one command, a dump, and one {@code stop} that ends both; after each round, once jremix
 * runs nothing there, the service's live heap after a full collection, jremix's objects and {@code CacheSite}s in
 * it, the metaspace in use, RSS, and its Java threads.
 *
 * <p>Usage: {@code bench/run-attach-churn [--rounds N] [--threads N] [--out FILE.md]}
 */
public final class AttachChurn {
    static final String CACHE_SITE = "io.jremix.probe.cache.CacheSite";
    /** A round's detection: windows of a second or two, re-armed at once and within any budget. */
    static final List<String> DETECTION = List.of("-remix:detect", "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=2",
            "-XX:REMIXRearm=1", "-XX:REMIXBudget=0");
    /** A Java thread's line in {@code jcmd <pid> Thread.print}, JDK 17 and 25 alike: its name, then its number. */
    private static final Pattern JAVA_THREAD = Pattern.compile("^\"(.*)\" #\\d+ ");
    private static final long THREADS_END_NANOS = 60_000_000_000L;

    /**
     * The service after a round; round 0 is before the first attach.
     *
     * @param threads the names of its Java threads, sorted
     */
    record State(int round, MemorySample sample, long metaspaceKb, long cacheSites, List<String> threads) {
    }

    private AttachChurn() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("jremix.home", ".")).toAbsolutePath().normalize();
        String usage = "usage: bench/run-attach-churn [--rounds N] [--threads N] [--out FILE.md]";
        BenchOptions o = BenchOptions.parse("bench/run-attach-churn", usage, args, "--rounds", "--threads", "--out");
        int rounds = o.count("--rounds", 30, 1);
        int threads = o.count("--threads", 4, 1);
        Path out = o.path("--out", home.resolve("bench/results/attach-churn.md"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path scratch = Files.createTempDirectory("jremix-churn-bench");
        Path report = scratch.resolve("remix.json");
        AttachRun run = new AttachRun(home, java, 0, scratch);
        List<State> states = new ArrayList<>();
        String ending;
        try (ServiceUnderTest service = run.start(LiveService.class, AttachBenchmark.HEAP, threads)) {
            long pid = service.pid();
            run.awaitIdle(pid);
            states.add(state(run, pid, 0));
            for (int r = 1; r <= rounds; r++) {
                List<String> both = new ArrayList<>(DETECTION);
                both.addAll(List.of("-XX:REMIXReport=" + report, "-XXgetparkcontention"));
                run.attach(pid, both.toArray(String[]::new)).orThrow();
                run.attach(pid, "dump").orThrow();
                run.attach(pid, "stop").orThrow();
                run.awaitIdle(pid);
                State s = state(run, pid, r);
                states.add(s);
                System.err.printf(Locale.ROOT, "round %d: live heap %.2f MB, %d jremix objects, %d CacheSites,"
                        + " metaspace %.2f MB, RSS %d MB, %d Java threads%n", r, s.sample().liveHeapBytes() / 1e6,
                        s.sample().jremixObjects(), s.cacheSites(), s.metaspaceKb() / 1024.0,
                        s.sample().rssKb() / 1024, s.threads().size());
            }
            ending = service.stop();
        }
        Files.deleteIfExists(report);
        Files.deleteIfExists(scratch);
        ChurnTable.write(out, states, ending, threads, java);
    }

    /**
     * The service once no thread of jremix's runs: {@code status} is idle once the last class is restored, a moment
     * before the detector's thread has ended and let go of what it held.
     */
    private static State state(AttachRun run, long pid, int round) throws Exception {
        long deadline = System.nanoTime() + THREADS_END_NANOS;
        List<String> threads = javaThreads(run.jcmd(pid, "Thread.print"));
        while (threads.stream().anyMatch(t -> t.startsWith("jremix-")) && System.nanoTime() - deadline < 0) {
            Thread.sleep(200);
            threads = javaThreads(run.jcmd(pid, "Thread.print"));
        }
        String histogram = run.jcmd(pid, "GC.class_histogram");
        return new State(round, MemorySample.of(histogram, pid, 0),
                AttachRun.metaspaceUsedKb(run.jcmd(pid, "VM.metaspace")), MemorySample.instances(histogram, CACHE_SITE),
                threads);
    }

    /** The names of the Java threads in a thread dump, sorted. */
    static List<String> javaThreads(String threadDump) {
        List<String> names = new ArrayList<>();
        for (String line : threadDump.lines().toList()) {
            Matcher m = JAVA_THREAD.matcher(line);
            if (m.find()) {
                names.add(m.group(1));
            }
        }
        return names.stream().sorted().toList();
    }
}
