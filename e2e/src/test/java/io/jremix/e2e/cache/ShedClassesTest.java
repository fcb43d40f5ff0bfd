package io.jremix.e2e.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Within a window, classes whose accesses, sampled in two threads, show no contention stop being traced after
 * {@code REMIXShedAfter} (1 s), and classes that touch the contended lines go on being traced until that contention
 * has been found for as long. At the default threshold, as in use: at the tests' lower threshold a class is kept for
 * as long as contention at it would take to show, 6 s, longer than most seeded programs run. The windows stay open
 * for a minute, so that only shedding stops the tracing.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class ShedClassesTest {
    private static final List<String> LONG_WINDOW = List.of("-remix:detect", "-XX:+REMIXDebug", "-XX:REMIXWindow=60",
            "-XX:REMIXMaxWindow=60");
    /** How {@code -XX:+REMIXDebug} names the classes a window stopped tracing. */
    private static final String SHED = "REMIX: stopped tracing ";

    @Test
    void aControlStopsBeingTracedAndStaysSilent(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.workload(with(LONG_WINDOW, "-XX:REMIXReport=" + report), "SeparateLines", "2",
                "1600000000");

        assertEquals(0, run.exit(), run.stderr());
        assertTrue(shed(run).contains(Jremix.PACKAGE + "SeparateLines"), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        assertEquals(List.of(), Jremix.findings(doc), run.stderr());
        Map<String, Object> window = Jremix.list(doc.get("windowHistory")).get(0);
        assertEquals((long) shed(run).size(), window.get("shedClasses"), "the report counts what the log names");
        assertTrue(((List<?>) window.get("shed")).contains(Jremix.PACKAGE + "SeparateLines"), window.toString());
    }

    /**
     * Each program is found, and the class whose code updates the contended line is traced until then: in
     * SetUpThenContend, too, whose main thread runs that class's code alone for 2 s before two threads contend in it.
     */
    @ParameterizedTest
    @CsvSource({
            "SetUpThenContend, 2000 100000000, SetUpThenContend$Pair, io.jremix.workloads.cache.SetUpThenContend",
            "BaseTest, 8 400000000, BaseTest$VolatileLong, io.jremix.workloads.cache.BaseTest",
            "AdjacentAtomicLongs, 2 60000000, AtomicLong, java.util.concurrent.atomic.AtomicLong",
            "LongArrayCounters, 2 400000000, long[], io.jremix.workloads.cache.LongArrayCounters"})
    void contendedClassesAreTracedAllWindow(String workload, String args, String found, String updater)
            throws Exception {
        List<String> options = with(with(LONG_WINDOW, "-XX:+UseSerialGC"), "-XX:+REMIXVerbose");
        Jremix.Run run = Jremix.contendedWorkload(options, workload, args.split(" "));

        assertEquals(0, run.exit(), run.stderr());
        int foundAt = firstLine(run, l -> l.startsWith("REMIX: Found ") && l.contains(found));
        assertTrue(foundAt >= 0, run.stderr());
        int shedAt = firstLine(run, l -> l.startsWith(SHED) && shedIn(l).contains(updater));
        assertTrue(shedAt < 0 || shedAt > foundAt, run.stderr());
    }

    /**
     * Once all the contention a class's code touched has been found for REMIXShedAfter, tracing it finds nothing
     * more: it stops being traced, and the finding stays.
     */
    @Test
    void aContendedClassStopsBeingTracedOnceItsContentionHasBeenFound(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.contendedWorkload(with(LONG_WINDOW, "-XX:REMIXReport=" + report), "BaseTest", "8",
                "400000000");

        assertEquals(0, run.exit(), run.stderr());
        String updater = Jremix.PACKAGE + "BaseTest";
        int foundAt = firstLine(run, l -> l.startsWith("REMIX: Found ") && l.contains("BaseTest$VolatileLong"));
        int shedAt = firstLine(run, l -> l.startsWith(SHED) && shedIn(l).contains(updater));
        assertTrue(foundAt >= 0 && shedAt > foundAt, run.stderr());
        assertTrue(Jremix.findings(Jremix.json(report)).stream().anyMatch(f -> f.get("className").equals(
                updater + "$VolatileLong")), run.stderr());
    }

    /**
     * However long the window, a class whose contention has not become a finding stops being traced REMIXClassWindow
     * after two threads first ran it; with 0 it is traced as long as the window stays open. No contention becomes a
     * finding here (a threshold of 10^12 misses a second), and the window's minute keeps all of it left to find.
     */
    @ParameterizedTest
    @CsvSource({"1, true", "0, false"})
    void contentionNotFoundIsTracedForTheClassWindow(String classWindow, boolean shedExpected) throws Exception {
        List<String> options = with(with(with(LONG_WINDOW, "-XX:REMIXThreshold=1000000000000"),
                "-XX:REMIXClassWindow=" + classWindow), "-XX:+REMIXVerbose");
        Jremix.Run run = Jremix.contendedWorkload(options, "BaseTest", "8", "400000000");

        assertEquals(0, run.exit(), run.stderr());
        String updater = Jremix.PACKAGE + "BaseTest";
        assertEquals(shedExpected, shed(run).contains(updater), run.stderr());
        assertEquals(shedExpected, run.stderrLines().stream().anyMatch(l -> l.startsWith("REMIX: Stopped tracing ")
                && l.endsWith("left to the next window (-XX:REMIXClassWindow).")), run.stderr());
        assertTrue(run.stderrLines().stream().noneMatch(l -> l.startsWith("REMIX: Found ")), run.stderr());
    }

    /** The classes the run stopped tracing, from {@code -XX:+REMIXDebug}'s lines. */
    private static List<String> shed(Jremix.Run run) {
        return run.stderrLines().stream().filter(l -> l.startsWith(SHED)).flatMap(l -> shedIn(l).stream()).toList();
    }

    private static List<String> shedIn(String debugLine) {
        return List.of(debugLine.substring(SHED.length()).split(", "));
    }

    /** The index of the first line of stderr that {@code matches}, or -1. */
    private static int firstLine(Jremix.Run run, Predicate<String> matches) {
        List<String> lines = run.stderrLines();
        for (int i = 0; i < lines.size(); i++) {
            if (matches.test(lines.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> with(List<String> options, String more) {
        List<String> all = new ArrayList<>(options);
        all.add(more);
        return all;
    }
}
