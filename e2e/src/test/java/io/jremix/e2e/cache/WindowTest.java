package io.jremix.e2e.cache;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import io.jremix.e2e.LiveProgram;
import io.jremix.e2e.RoundsUntilStopped;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The detection window closes, restores the instrumented classes, and can be opened again. */
class WindowTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> doc, String name) {
        return (Map<String, Object>) doc.get(name);
    }

    /** Runs a cache workload in rounds until the agent prints a line starting with {@code line}, then stops it. */
    private static Jremix.Run runUntil(String line, List<String> options, String workload, String... args)
            throws Exception {
        String classpath = Jremix.WORKLOADS + File.pathSeparator + System.getProperty("java.class.path");
        List<String> programArgs = new ArrayList<>(List.of(Jremix.PACKAGE + workload));
        programArgs.addAll(List.of(args));
        try (LiveProgram program = LiveProgram.startOn(classpath, options, RoundsUntilStopped.class.getName(),
                programArgs.toArray(String[]::new))) {
            program.awaitErrorLine(line);
            program.send("stop");
            return program.finish();
        }
    }

    @Test
    void windowClosesAfterContentionIsFoundAndClassesAreRestored(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Jremix.Run run = runUntil("REMIX: Detection window 1 closed after", List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                "-XX:+REMIXVerbose", "-XX:REMIXWindow=0.3", "-XX:REMIXReport=" + report), "AdjacentAtomicLongs",
                "2", "20000000");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertFalse(Jremix.findings(doc).isEmpty(), run.stderr());
        assertEquals(1L, section(doc, "trace").get("windows"));
        assertTrue((Long) section(doc, "instrumentation").get("restored") > 0, run.stderr());
        assertTrue(run.stderr().indexOf("REMIX: Found false sharing") < run.stderr().indexOf("window 1 closed"));
    }

    /** With every class probed, so that the first window opens with the program and traces its two threads. */
    @Test
    void windowWithoutContentionClosesAndRearms(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Jremix.Run run = runUntil("REMIX: Detection window 2 open", List.of("-remix:detect", "-XX:+REMIXVerbose",
                "-XX:REMIXMaxWindow=0.2", "-XX:REMIXRearm=0.2", "-XX:REMIXBudget=0", "-XX:REMIXHotClasses=0",
                "-XX:REMIXReport=" + report),
                "SeparateLines", "2", "20000000");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertTrue((Long) section(doc, "trace").get("windows") >= 2, run.stderr());
        assertEquals(List.of(), Jremix.findings(doc));
    }

    /**
     * SeparateLines' threads loop for seconds in one call, and its main method waits for them: the first window, due
     * 0.2 s in, can give none of its classes probes, so no two threads ever run traced code in it. With re-arming it
     * closes REMIXMaxWindow after it opened, and the next opens; it used to stay open until the program ended.
     */
    @Test
    void windowWithNothingTracedClosesWhenRearming() throws Exception {
        try (LiveProgram program = LiveProgram.start(List.of("-remix:detect", "-XX:+REMIXVerbose",
                "-XX:REMIXMaxWindow=0.2", "-XX:REMIXRearm=0.2", "-XX:REMIXBudget=0"),
                Jremix.PACKAGE + "SeparateLines", "2", "40000000000")) {
            program.awaitErrorLine("REMIX: Detection window 1 closed after");
            program.awaitErrorLine("REMIX: Detection window 2 open");
        }
    }

    /**
     * The main thread works alone for 3 s, then two threads contend: a 1-s window counted from the start would close
     * before there was anything to find; counted from the second thread, it finds the false sharing.
     */
    @Test
    void windowWaitsForASecondThread(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        Jremix.Run run = Jremix.contendedWorkload(List.of("-remix:detect", Jremix.TEST_THRESHOLD, "-XX:+REMIXVerbose",
                "-XX:REMIXMaxWindow=1", "-XX:REMIXReport=" + report), "SetUpThenContend", "3000");
        assertEquals(0, run.exit(), run.stderr());
        Matcher second = Pattern.compile("^REMIX: Two threads ran traced code (\\d+\\.\\d) s into window 1\\.$",
                Pattern.MULTILINE).matcher(run.stderr());
        assertTrue(second.find(), run.stderr());
        assertTrue(Double.parseDouble(second.group(1)) >= 3.0, second.group());
        assertTrue(Jremix.findings(Jremix.json(report)).stream().anyMatch(f -> f.get("className")
                .equals(Jremix.PACKAGE + "SetUpThenContend$Pair") && f.get("kind").equals("false-sharing")), run.stderr());
    }

    @Test
    void hitVerbosePrintsSampledMisses() throws Exception {
        Jremix.Run run = Jremix.contendedWorkload(List.of("-remix:detect", "-XX:+REMIXHitVerbose"), "BaseTest", "8", "20000000");
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderrLines().stream().anyMatch(l -> l.startsWith("REMIX: HITM false sharing: "
                + Jremix.PACKAGE + "BaseTest$VolatileLong::value[")), run.stderr());
        assertTrue(run.stderrLines().stream().anyMatch(l -> l.matches("REMIX: HITM .* by \"[^\"]+\" #\\d+ after"
                + " \"[^\"]+\" #\\d+ wrote .*")), "each thread by name and id: " + run.stderr());
    }

    @Test
    void debugNamesInstrumentedClasses() throws Exception {
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:+REMIXDebug"), "SharedAtomicLong", "2", "1000000");
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderrLines().stream().anyMatch(l -> l.startsWith("REMIX: instrumented java.util.concurrent.atomic.AtomicLong (")),
                run.stderr());
    }
}
