package io.jremix.e2e.cache;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Addresses are read right with every stop-the-world collector and both compressed-oop encodings. */
class CollectorsTest {

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-Xmx1g", "-XX:-UseCompressedOops"})
    void falseSharingIsFoundWhateverTheHeapLayout(String jvmOption, @TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Jremix.Run run = Jremix.contendedWorkload(List.of("-remix:detect", Jremix.TEST_THRESHOLD, jvmOption, "-XX:REMIXReport=" + report),
                "BaseTest", "8", "100000000");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertTrue(Jremix.findings(doc).stream().anyMatch(f -> f.get("kind").equals("false-sharing")
                && f.get("className").equals(Jremix.PACKAGE + "BaseTest$VolatileLong")), run.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> jvm = (Map<String, Object>) doc.get("jvm");
        assertEquals(!jvmOption.equals("-XX:-UseCompressedOops"), jvm.get("compressedOops"));
        if (jvmOption.equals("-Xmx1g")) {
            assertEquals(0L, jvm.get("oopShift"), "a heap below 4 GB uses unscaled compressed oops");
        }
    }

    @Test
    void concurrentlyMovingCollectorTurnsDetectionOffWithOneLine() throws Exception {
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:+UseZGC"), "io.jremix.workloads.ExitWith", "0", "ran");
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("0\nran\n", run.stdout());
        assertTrue(run.stderr().startsWith("REMIX: detection is off: ZGC moves objects concurrently"), run.stderr());
    }
}
