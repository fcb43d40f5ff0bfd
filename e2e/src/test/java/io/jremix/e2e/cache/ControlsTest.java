package io.jremix.e2e.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Programs without contention must stay silent, although their accesses were traced. */
class ControlsTest {

    @ParameterizedTest
    @ValueSource(strings = {"SeparateLines", "ReadMostly", "PublishedCounters", "PaddedBaseTest"})
    void staysSilent(String workload, @TempDir Path dir) throws Exception {
        Map<String, Object> trace = silentTrace(dir, List.of(), workload);
        // SingleThread, when it was traced, sampled about 35,000 accesses on a quiet machine, 4,000 under a load of 16
        assertTrue((Long) trace.get("sampledAccesses") > 1_000, "the control was traced: " + trace);
    }

    /** SingleThread's objects never leave the method that loops over them: none of those accesses is probed. */
    @Test
    void objectsThatStayInTheirMethodAreLeftOut(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:+REMIXDebug", "-XX:REMIXReport=" + report),
                "SingleThread");
        assertEquals(0, run.exit(), run.stderr());
        assertEquals(List.of(), Jremix.findings(Jremix.json(report)), run.stderr());
        String instrumented = "REMIX: instrumented " + Jremix.PACKAGE + "SingleThread (";
        String line = run.stderrLines().stream().filter(l -> l.startsWith(instrumented)).findFirst().orElse("");
        Matcher leftOut = Pattern.compile(", (\\d+) accesses to objects that stay in their method left out\\)$")
                .matcher(line);
        assertTrue(leftOut.find(), run.stderr());
        // the 15 accesses of run's loop to its State and long[] (and 3 of expected's to its own array)
        assertTrue(Integer.parseInt(leftOut.group(1)) >= 15, line);
    }

    /** Runs a workload under detection, checks that nothing was found, and returns the report's trace section. */
    private static Map<String, Object> silentTrace(Path dir, List<String> jvmOptions, String workload) throws Exception {
        Path report = dir.resolve("report.json");
        List<String> options = new ArrayList<>(List.of("-remix:detect", "-XX:REMIXReport=" + report));
        options.addAll(jvmOptions);
        Jremix.Run run = Jremix.workload(options, workload);

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertEquals(List.of(), Jremix.findings(doc), run.stderr());
        assertTrue(run.stderrLines().contains("REMIX: Processed 0 classes."), run.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> trace = (Map<String, Object>) doc.get("trace");
        return trace;
    }

    /**
     * Threads allocating and writing their own short-lived arrays in a small heap: after each of the many
     * collections, memory one thread used is handed to another. Comparing addresses across collections would
     * report false sharing here; the GC epochs must keep the detector silent.
     */
    @Test
    void addressesAreNeverComparedAcrossCollections(@TempDir Path dir) throws Exception {
        Map<String, Object> trace = silentTrace(dir, List.of("-Xmx32m", "-XX:+UseG1GC"),
                "io.jremix.workloads.cache.AllocationChurn");
        // more than 10 epochs on a quiet machine, 10 beside a CPU hog at a load of 15: a few suffice for memory to
        // change hands between threads while traced
        assertTrue((Long) trace.get("gcEpochs") >= 3, "collections happened while tracing: " + trace);
        assertTrue((Long) trace.get("sampledAccesses") > 1_000, "the arrays were traced: " + trace);
    }
}
