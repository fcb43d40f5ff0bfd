package io.jremix.e2e.park;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The monitor profiler on the chapter-5 patterns with {@code synchronized}, run in a JVM of its own without the
 * launcher ({@link MonitorReportMain}).
 */
class MonitorProfilerTest {
    private static final String CP = System.getProperty("java.class.path");
    private static final String WORKLOADS = "io.jremix.workloads.park.";
    /** Frames of the workloads' classes, which the application loader loads from the class path. */
    private static final String FRAMES = "app//" + WORKLOADS;

    /** One printed monitor: its fields by key. */
    private record Monitor(Map<String, String> fields) {
        String get(String key) {
            return fields.get(key);
        }

        long count(String key) {
            return Long.parseLong(get(key));
        }

        double number(String key) {
            return Double.parseDouble(get(key));
        }
    }

    private static Jremix.Run run(List<String> jvmOptions, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Jremix.java()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", CP, MonitorReportMain.class.getName()));
        command.addAll(List.of(args));
        Jremix.Run run = Jremix.exec(command);
        assertEquals(0, run.exit(), run.stderr());
        return run;
    }

    private static List<Monitor> monitors(Jremix.Run run) {
        List<Monitor> out = new ArrayList<>();
        for (String line : run.stdout().lines().filter(l -> l.startsWith("monitor\t")).toList()) {
            Map<String, String> fields = new LinkedHashMap<>();
            for (String field : line.substring("monitor\t".length()).split("\t")) {
                int eq = field.indexOf('=');
                fields.put(field.substring(0, eq), field.substring(eq + 1));
            }
            out.add(new Monitor(fields));
        }
        return out;
    }

    /** The monitor whose first blocked enter came from {@code workload.method}. */
    private static Monitor enteredFrom(List<Monitor> monitors, String workload, String method, String stdout) {
        return monitors.stream().filter(m -> m.get("user").startsWith(FRAMES + workload + "." + method + "("))
                .findFirst().orElseThrow(() -> new AssertionError("no monitor entered from " + method + ":\n" + stdout));
    }

    @Test
    void largeCriticalSection_the64msMonitorIsTheBottleneck_withItsHoldTime() throws Exception {
        Jremix.Run run = run(List.of(), WORKLOADS + "LargeSynchronizedSection", "4", "3000");
        List<Monitor> monitors = monitors(run);

        Monitor large = enteredFrom(monitors, "LargeSynchronizedSection", "large", run.stdout());
        Monitor top = monitors.stream().max(Comparator.comparingDouble(m -> m.number("blockedThreadMs"))).orElseThrow();
        assertEquals(large, top, run.stdout());
        assertEquals("java.lang.Object", large.get("class"));
        assertTrue(large.get("top").startsWith(FRAMES + "LargeSynchronizedSection.large("), large.get("top"));
        assertTrue(large.get("thread").startsWith("worker-"), large.get("thread"));
        assertTrue(large.count("peakBlocked") >= 2, run.stdout());
        assertEquals(0, large.count("waits"), "blocked enters are not waits");
        // The estimate is the time between hand-overs while threads wait, so wake-up latency adds to it.
        ParkReports.assertHoldIsTheSection(large.number("avgHoldMs"), 64, run.stdout());
    }

    @Test
    void largeCriticalSection_gateWaitsAreCountedAsWaits_apartFromEnters() throws Exception {
        Jremix.Run run = run(List.of(), WORKLOADS + "LargeSynchronizedSection", "4", "500");

        Monitor gate = monitors(run).stream().filter(m -> m.get("class").equals(WORKLOADS + "StartGate")).findFirst()
                .orElseThrow(() -> new AssertionError(run.stdout()));
        assertTrue(gate.count("waits") >= 3, "each worker but the last waits for the gate\n" + run.stdout());
        assertEquals("CONDITION", gate.get("waitKind"));
        assertTrue(gate.get("user").startsWith(FRAMES + "StartGate.await("), gate.get("user"));
    }

    @Test
    void frequentlyAcquired_theFrequentMonitorIsTheBottleneck() throws Exception {
        Jremix.Run run = run(List.of(), WORKLOADS + "FrequentlyAcquired", "4", "3000", "8");
        List<Monitor> monitors = monitors(run);

        Monitor frequent = enteredFrom(monitors, "FrequentlyAcquired", "frequent", run.stdout());
        Monitor rare = enteredFrom(monitors, "FrequentlyAcquired", "rare", run.stdout());
        assertTrue(frequent.count("enters") > rare.count("enters"), run.stdout());
        assertTrue(frequent.number("blockedThreadMs") > rare.number("blockedThreadMs"), run.stdout());
    }

    @Test
    void withoutJfr_oneLineSaysSo_andTheProgramRunsUnchanged() throws Exception {
        Jremix.Run run = run(List.of("--limit-modules", "java.base"), WORKLOADS + "LargeSynchronizedSection", "2", "100");

        assertEquals(List.of(), monitors(run));
        assertTrue(run.stdout().startsWith("LargeSynchronizedSection Time "), run.stdout());
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderr().startsWith("jremix: Monitor contention is not profiled: JFR is not available"), run.stderr());
    }

    /**
     * Without the agent's instrumentation the profiler cannot take JFR's shutdown hook over, so the hooks race:
     * a lost race is said in one line, never an exception, and the contention of the run is there.
     */
    @Test
    void closedFromAShutdownHook_endsCleanly_withTheContention() throws Exception {
        Jremix.Run run = run(List.of(), "hook", WORKLOADS + "LargeSynchronizedSection", "4", "2000");

        assertTrue(run.stderr().isEmpty() || List.of("jremix: Monitor profiling: JFR's shutdown hook stopped the"
                + " recording first; the monitor events of about the last second may be missing from the report.")
                .equals(run.stderrLines()), run.stderr());
        enteredFrom(monitors(run), "LargeSynchronizedSection", "large", run.stdout());
    }
}
