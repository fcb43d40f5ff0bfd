package io.jremix.e2e.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tracing in bursts ({@code -XX:REMIXBurst}): all threads trace for 0.5 ms every 50 ms, one access in 20, and not
 * at all in between. Seeded contention must still be found, with estimates scaled to the whole window, and controls
 * must stay silent. The contended programs run five times as many iterations as in {@link DetectionTest} or more:
 * bursts hardly slow them, and the detector needs a few dozen bursts, more on a busy machine, where two threads that
 * share a line seldom run within the same half millisecond (StaticCounters, at five times, ended after 1.5 s with no
 * finding while a benchmark used both cores).
 *
 * <p>Between bursts the probed methods run a copy of their own code, and move to the probed copy at method entry
 * and at the next loop iteration when a burst starts. Each of BaseTest's threads runs one loop from start to end, begun
 * after the first burst at window open: its finding, at the loop's own accesses, shows that a loop running
 * between bursts enters them. SharedAtomicLong's accesses are in {@code AtomicLong}'s methods, entered from a loop.
 * PacedCounters contends only in the first quarter of every 20 ms, as a service's requests do, a period that
 * bursts at a fixed spacing could fall in step with (they are spaced at random).
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class BurstsTest {
    /** Bursts at the ratio they take by default, 1:10. */
    private static final List<String> BURSTS = List.of("-XX:REMIXBurst=0.5ms", "-XX:REMIXBurstEvery=50ms");
    /**
     * Runs of a contended program, at most, while each samples too few misses to judge ({@link Jremix#contended}):
     * bursts see two threads at once only when both run within the same half millisecond, and beside a second
     * end-to-end suite on the 2 cores SharedAtomicLong and FieldUpdaterCounters sampled 12 and 14 misses in each of
     * three runs, StaticCounters 25 in another suite's run (52,000 or more on a quiet machine).
     */
    private static final int ATTEMPTS = 6;
    /**
     * The contended programs are traced to their end, not for 3 s after a first finding nor 5 s without one: on a busy
     * machine bursts gather misses slowly, and a latent prediction made early would close the window before they
     * reach the floor. Beside three busy loops, BaseTest's window closed after 4.3–4.8 s with 28–1,445 sampled misses
     * (two of four runs under the 64 that {@link Jremix#contended} accepts); traced to its end (7.4–8.3 s),
     * 1,442–16,316 in five of five runs, in no more wall time. PacedCounters' window closed after 5 s with 12 misses
     * and no finding in a CI run.
     *
     * <p>They run with the serial collector, which keeps BaseTest's objects in the array's order when it copies them:
     * G1's parallel workers copy what each reaches from a running thread's stack into a buffer of their own, and after
     * one young collection no two of the eight objects shared a line (their addresses, read with {@code Unsafe}, were
     * 400 bytes or more apart). Traced to its end, BaseTest lives through collections made by jremix's own analysis:
     * a CI run with G1 predicted latent false sharing only, its objects no longer neighbours, with 11 misses.
     *
     * <p>Every class stays traced, too ({@code -XX:REMIXShedAfter=0}): on a busy machine the two threads seldom run at
     * once, few of their misses repeat within a batch, and an updater's class could be shed after its quiet time
     * (7 s at this threshold and ratio), ending the run's sampling early; a CI run beside a second build had
     * FieldUpdaterCounters predicted latent only, with 25 misses in 8.2 s.
     */
    private static final List<String> CONTENDED = List.of(Jremix.TEST_THRESHOLD, "-XX:REMIXWindow=60s",
            "-XX:REMIXMaxWindow=60s", "-XX:REMIXShedAfter=0", "-XX:+UseSerialGC");

    @ParameterizedTest(name = "{0} -> {2} on {1} at {3}")
    @CsvSource({
            "BaseTest 8 200000000, io.jremix.workloads.cache.BaseTest$VolatileLong, false-sharing,"
                    + " io.jremix.workloads.cache.BaseTest.run(",
            // the JDK's atomics: the program's frame that called them, then theirs ("... via AtomicLong.getAndAdd")
            "SharedAtomicLong 2 300000000, java.util.concurrent.atomic.AtomicLong, true-sharing,"
                    + " io.jremix.workloads.cache.SharedAtomicLong.",
            // as in DetectionTest: two JDK instances that the prediction names when the threads seldom overlap
            "AdjacentAtomicLongs 2 300000000, java.util.concurrent.atomic.AtomicLong,"
                    + " false-sharing|latent-false-sharing, io.jremix.workloads.cache.AdjacentAtomicLongs.",
            "LongArrayCounters 2 500000000, long[], false-sharing, io.jremix.workloads.cache.LongArrayCounters.",
            "StaticCounters 2 300000000, io.jremix.workloads.cache.StaticCounters$Counters, false-sharing,"
                    + " io.jremix.workloads.cache.StaticCounters.",
            "FieldUpdaterCounters 2 75000000, io.jremix.workloads.cache.FieldUpdaterCounters$Pair, false-sharing,"
                    + " io.jremix.workloads.cache.FieldUpdaterCounters.run(",
            // contention in the first quarter of every 20 ms only, as a service's requests make it
            "PacedCounters 2 0 8000 25, long[], false-sharing, io.jremix.workloads.cache.PacedCounters.run("})
    void seededContentionIsFound(String workload, String className, String kind, String site, @TempDir Path dir)
            throws Exception {
        Path report = dir.resolve("report.json");
        String[] program = workload.split(" ");
        Jremix.Run run = Jremix.contendedWorkload(ATTEMPTS, options(report, CONTENDED), program[0],
                List.of(program).subList(1, program.length).toArray(String[]::new));

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertTrue(Jremix.findings(doc).stream()
                .anyMatch(f -> f.get("className").equals(className) && List.of(kind.split("\\|")).contains(f.get("kind"))
                        && Jremix.strings(f.get("sites")).stream().anyMatch(w -> w.startsWith(site))), run.stderr());
        assertTrue(samplingRatio(doc) > 100, "the estimates count the time between bursts: " + doc.get("settings"));
        assertEveryProbedMethodDuplicated(doc);
    }

    /**
     * With the default window, which counts its 5 s from when a second thread runs traced code: with two end-to-end
     * suites sharing the 2 cores, a window counted from the start went by before PublishedCounters sampled an access.
     */
    @ParameterizedTest
    @ValueSource(strings = {"SeparateLines", "PublishedCounters", "PaddedBaseTest"})
    void controlStaysSilent(String workload, @TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.workload(options(report), workload);

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertEquals(List.of(), Jremix.findings(doc), run.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> trace = (Map<String, Object>) doc.get("trace");
        assertTrue((Long) trace.get("sampledAccesses") > 0, "the control was traced: " + trace);
        assertTrue(samplingRatio(doc) > 100, "the estimates count the time between bursts: " + doc.get("settings"));
        assertEveryProbedMethodDuplicated(doc);
    }

    /**
     * The thread that starts the bursts asks Linux for a short time slice where Java lets jremix call the kernel
     * (Java 22 and later, with native access enabled), says in the verbose log how that went and how late the
     * bursts began, and either way Java prints no warning on the program's stderr.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theBurstThreadAsksForAShortTimeSliceWithoutAWarning(boolean nativeAccess, @TempDir Path dir)
            throws Exception {
        List<String> jremix = new ArrayList<>(nativeAccess ? List.of("--enable-native-access=ALL-UNNAMED") : List.of());
        jremix.add("-XX:+REMIXVerbose");
        jremix.addAll(options(dir.resolve("report.json")));
        Jremix.Run run = Jremix.workload(jremix, "PacedCounters", "2", "0", "500", "25");

        assertEquals(0, run.exit(), run.stderr());
        assertFalse(run.stderr().contains("WARNING"), run.stderr());
        boolean granted = nativeAccess && Runtime.version().feature() >= 22
                && System.getProperty("os.name").startsWith("Linux");
        assertTrue(run.stderr().contains(granted ? "Tracing bursts start from a thread with a 0.1 ms time slice"
                : "no short time slice for the thread that starts them"), run.stderr());
        assertTrue(run.stderr().contains("REMIX: SamplingRatio is 1:10, in bursts of 0.5 ms every 50 ms."), run.stderr());
        assertTrue(run.stderr().matches("(?s).*REMIX: \\d+ bursts began \\d+\\.\\d\\d ms late on average.*"), run.stderr());
    }

    /** The workloads' methods and the atomics' are small and plain: all of them keep a copy for between bursts. */
    private static void assertEveryProbedMethodDuplicated(Map<String, Object> doc) {
        Map<String, Object> instrumentation = Jremix.map(doc.get("instrumentation"));
        assertTrue((Long) instrumentation.get("probes") > 0, instrumentation.toString());
        assertEquals(0L, instrumentation.get("notDuplicated"), instrumentation.toString());
    }

    private static List<String> options(Path report) {
        return options(report, List.of());
    }

    private static List<String> options(Path report, List<String> more) {
        List<String> options = new ArrayList<>(List.of("-remix:detect", "-XX:REMIXReport=" + report));
        options.addAll(BURSTS);
        options.addAll(more);
        return options;
    }

    @SuppressWarnings("unchecked")
    private static long samplingRatio(Map<String, Object> doc) {
        return (Long) ((Map<String, Object>) doc.get("settings")).get("samplingRatio");
    }
}
