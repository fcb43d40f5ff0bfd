package io.jremix.e2e.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each workload runs under {@code -remix:detect}; the expected finding must appear with the right class, fields,
 * kind and location, and the code that made the accesses must be named. Together they cover every probe kind:
 * instance fields, static fields, array elements, JDK atomics (and their arrays and field updaters), VarHandles,
 * Unsafe, and the object headers that interface calls read.
 */
class DetectionTest {
    private static final String P = "io.jremix.workloads.cache.";

    static Stream<Arguments> workloads() {
        return Stream.of(
                // workload and args, className, kind (or kinds, |-separated), fields that must be named, location,
                // repairable, site prefix (in the JDK's atomics, the program's frame that called them)
                Arguments.of(List.of("BaseTest", "8", "40000000"), P + "BaseTest$VolatileLong", "false-sharing",
                        List.of("value"), "field", true, P + "BaseTest.run"),
                Arguments.of(List.of("SpscQueue", "4000000"), P + "SpscQueue$Ring", "false-sharing",
                        List.of("head", "tail"), "field", true, P + "SpscQueue."),
                // instances of a JDK class: on a loaded machine the two threads seldom run at once, the sampled misses
                // stay under the floor (19 in 1.2 s at a load of 17), and the prediction is what names them
                Arguments.of(List.of("AdjacentAtomicLongs", "2", "60000000"), "java.util.concurrent.atomic.AtomicLong",
                        "false-sharing|latent-false-sharing", List.of("value"), "field", true,
                        P + "AdjacentAtomicLongs."),
                Arguments.of(List.of("SharedAtomicLong", "2", "60000000"), "java.util.concurrent.atomic.AtomicLong",
                        "true-sharing", List.of("value"), "field", false, P + "SharedAtomicLong."),
                Arguments.of(List.of("LongArrayCounters", "2", "100000000"), "long[]", "false-sharing", List.of(),
                        "element", false, P + "LongArrayCounters."),
                // a store in every 300 rounds of arithmetic: about 4 M stores a second, 0.7–0.9 M estimated misses
                Arguments.of(List.of("PacedCounters", "2", "300", "4000"), "long[]", "false-sharing", List.of(),
                        "element", false, P + "PacedCounters.run"),
                Arguments.of(List.of("AtomicArrayCounters", "2", "25000000"), "long[]", "false-sharing", List.of(),
                        "element", false, P + "AtomicArrayCounters."),
                Arguments.of(List.of("StaticCounters", "2", "20000000"), P + "StaticCounters$Counters",
                        "false-sharing", List.of(), "static", false, P + "StaticCounters."),
                Arguments.of(List.of("FieldUpdaterCounters", "2", "15000000"), P + "FieldUpdaterCounters$Pair",
                        "false-sharing", List.of("left", "right"), "field", true, P + "FieldUpdaterCounters.run("),
                Arguments.of(List.of("VarHandleCounters", "field", "2", "15000000"), P + "VarHandleCounters$Pair",
                        "false-sharing", List.of("left", "right"), "field", true, P + "VarHandleCounters."),
                Arguments.of(List.of("VarHandleCounters", "array", "2", "15000000"), "long[]", "false-sharing",
                        List.of(), "element", false, P + "VarHandleCounters."),
                // from Java 22 handles that initialize Totals on first use, as a class's handles to its own statics are
                Arguments.of(List.of("VarHandleCounters", "static", "2", "15000000"), P + "VarHandleCounters$Totals",
                        "false-sharing", List.of(), "static", false, P + "VarHandleCounters."),
                Arguments.of(List.of("UnsafeCounters", "2", "10000000"), P + "UnsafeCounters$Pair", "false-sharing",
                        List.of("left", "right"), "field", true, P + "UnsafeCounters."),
                // one thread writes a field, the other only calls an interface method on the object (a header read)
                Arguments.of(List.of("InterfaceReceivers", Jremix.INTERFACE_CALLS), P + "InterfaceReceivers$Counter",
                        "false-sharing", List.of("count"), "field", true, P + "InterfaceReceivers.call"));
    }

    @ParameterizedTest(name = "{0} -> {2} on {1}")
    @MethodSource("workloads")
    void findingAppears(List<String> workload, String className, String kind, List<String> fields, String location,
                        boolean repairable, String site, @TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        List<String> options = List.of("-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXReport=" + report,
                "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+BytecodeVerificationLocal"); // verifies the retransformed JDK atomics too
        Jremix.Run run = Jremix.contendedWorkload(options, workload.get(0), workload.subList(1, workload.size()).toArray(String[]::new));

        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stdout().startsWith(workload.get(0) + " Time "), run.stdout());
        List<String> kinds = List.of(kind.split("\\|"));
        Map<String, Object> finding = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> f.get("className").equals(className) && kinds.contains(f.get("kind")))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " on " + className + " in\n" + run.stderr()));
        String found = (String) finding.get("kind");
        @SuppressWarnings("unchecked")
        List<String> named = (List<String>) finding.get("fields");
        assertTrue(named.containsAll(fields), "fields " + named);
        if (location.equals("element")) {
            assertEquals(List.of(), named, "array findings name no fields");
        }
        if (location.equals("static")) {
            assertTrue(named.size() >= 2, "two adjacent statics: " + named);
        }
        assertEquals(location, finding.get("location"));
        assertEquals(repairable, finding.get("repairable"));
        assertTrue((Long) finding.get("events") > 0);
        if (!found.startsWith("latent")) {
            assertTrue(Jremix.coherenceMisses(run) >= Jremix.FEW_MISSES, "a finding rests on the detector's floor of misses");
        }
        @SuppressWarnings("unchecked")
        List<String> sites = (List<String>) finding.get("sites");
        assertTrue(sites.stream().anyMatch(s -> s.startsWith(site)), "sites " + sites);
        for (String s : sites) {
            assertTrue(run.stderrLines().contains("REMIX:   at " + s), "every site in the text too: " + s + "\n" + run.stderr());
        }

        List<String> hitLines = new ArrayList<>();
        for (String line : run.stderrLines()) {
            if (line.startsWith("REMIX: - Hit " + className)) {
                hitLines.add(line);
            }
        }
        assertTrue(hitLines.stream().anyMatch(l -> l.endsWith("(" + found.replace('-', ' ') + (repairable ? ")" : ", "
                + (location.equals("static") ? "static, " : "") + "not repairable by padding)"))), String.join("\n", hitLines));
    }

    /**
     * Without compressed class pointers the header takes 16 bytes (an array's elements still start at 24): the
     * counter's int then sits at 16, on the header's line, and must be named as itself, not as part of the header.
     */
    @Test
    void theFieldAfterAWideHeaderIsNamedAsItself(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.contendedWorkload(List.of("-XX:-UseCompressedClassPointers", "-remix:detect",
                Jremix.TEST_THRESHOLD, "-XX:REMIXReport=" + report), "InterfaceReceivers", Jremix.INTERFACE_CALLS);

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> finding = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> f.get("className").equals(P + "InterfaceReceivers$Counter")).findFirst()
                .orElseThrow(() -> new AssertionError(run.stderr()));
        Map<String, Object> layout = Jremix.map(finding.get("layout"));
        assertEquals(16L, layout.get("headerBytes"));
        assertEquals(List.of(Map.of("name", "count", "type", "int", "offset", 16L, "size", 4L)), layout.get("fields"));
        assertEquals(Set.of("count"), Jremix.map(finding.get("writers")).keySet(), "the written field, by its name");
    }
}
