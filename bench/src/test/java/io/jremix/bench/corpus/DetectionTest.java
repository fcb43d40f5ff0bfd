package io.jremix.bench.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.bench.corpus.drivers.LibraryQueueHandoff;
import org.junit.jupiter.api.Test;

/** How a report's findings count as finding a bug, or as an after-version's silence. */
class DetectionTest {
    private static final String REFERENCE = "java.util.concurrent.atomic.AtomicReference";
    private static final String QUEUE = "io.netty.util.internal.MpscLinkedQueue";
    private static final Bug BUG = new Bug("queue", "a queue", "https://example.org", Source.jdk(), LibraryQueueHandoff.class,
            "netty-mpsc", 1, List.of(REFERENCE + "::value", QUEUE + "::headRef"), List.of(QUEUE, REFERENCE));

    private static Map<String, Object> finding(String kind, String className, List<String> fields,
                                               List<String> conflictsWith, double costShare) {
        return Map.of("kind", kind, "className", className, "fields", fields, "conflictsWith", conflictsWith,
                "costShare", costShare);
    }

    private static Detection detection(List<Map<String, Object>> findings, List<Map<String, Object>> below) {
        return Detection.of(BUG, Map.of("findings", findings, "belowThreshold", below));
    }

    @Test
    void observedWhenTheMissesNameBothFields() {
        Detection d = detection(List.of(finding("false-sharing", REFERENCE, List.of("value"), List.of(), 0.003),
                finding("false-sharing", QUEUE, List.of("(header)", "headRef"), List.of(), 0.002)), List.of());
        assertEquals(Detection.Found.OBSERVED, d.found());
        assertEquals(0.003, d.costShare());
    }

    @Test
    void oneFindingNamesTheOtherFieldByWhatItConflictsWith() {
        Detection d = detection(List.of(finding("false-sharing", REFERENCE, List.of("value"),
                List.of(QUEUE + "::headRef"), 0.0015)), List.of());
        assertEquals(Detection.Found.OBSERVED, d.found());
    }

    /** A finding on the program's class names a field its JDK superclass declares as that class's. */
    @Test
    void anInheritedFieldCountsOnTheProgramsClass() {
        Detection d = detection(List.of(finding("latent-false-sharing", QUEUE,
                List.of("headRef", "AtomicReference.value"), List.of(), 0.005)), List.of());
        assertEquals(Detection.Found.LATENT, d.found());
    }

    @Test
    void belowTheThresholdsIsNotFoundButKeepsItsCost() {
        Detection d = detection(List.of(finding("true-sharing", REFERENCE, List.of("value"), List.of(), 0.009)),
                List.of(finding("false-sharing", QUEUE, List.of("headRef"), List.of(REFERENCE + "::value"), 0.0004)));
        assertEquals(Detection.Found.NO, d.found());
        assertEquals(0.0004, d.costShare());
        assertTrue(d.silent(), "true sharing and misses below the thresholds are no false-sharing report");
    }

    /** A queue's layout with {@code headRef} at {@code headRefOffset} and the inherited value at 12. */
    private static Map<String, Object> onQueue(long headRefOffset) {
        Map<String, Object> f = new HashMap<>(finding("false-sharing", QUEUE,
                List.of("AtomicReference.value", "headRef"), List.of(), 0.01));
        f.put("layout", Map.of("headerBytes", 12, "fields", List.of(
                Map.of("name", "AtomicReference.value", "type", "java.lang.Object", "offset", 12, "size", 4),
                Map.of("name", "headRef", "type", "java.lang.Object", "offset", headRefOffset, "size", 4))));
        return f;
    }

    /** The fix padded the two fields apart: misses on each, on lines of their own, are not the bug. */
    @Test
    void twoOfTheFieldsAreOnOneLineOnlyWithinALineOfEachOther() {
        assertFalse(detection(List.of(onQueue(16)), List.of()).silent());
        assertFalse(detection(List.of(onQueue(72)), List.of()).silent(), "12 to 76: 64 bytes, one line in a placement");
        Detection padded = detection(List.of(onQueue(140)), List.of());
        assertTrue(padded.silent());
        assertEquals(1, padded.inScope().size(), "listed, not counted");
    }

    @Test
    void oneFieldAndAnotherThatOtherThreadsWroteOnItsLinesAreOnOneLine() {
        assertFalse(detection(List.of(finding("false-sharing", REFERENCE, List.of("value"),
                List.of(QUEUE + "::headRef"), 0.0015)), List.of()).silent());
        assertTrue(detection(List.of(finding("false-sharing", REFERENCE, List.of("value"),
                List.of("some.Other::x"), 0.0015)), List.of()).silent());
    }

    @Test
    void aPredictedPairOfTheFieldsIsOnOneLine() {
        Map<String, Object> f = new HashMap<>(finding("latent-false-sharing", QUEUE, List.of("headRef"), List.of(),
                0.01));
        f.put("neighbours", List.of(Map.of("field", "headRef", "other", REFERENCE + "::value")));
        assertFalse(detection(List.of(f), List.of()).silent());
    }

    @Test
    void anAfterVersionIsSilentAboutOtherLinesOfTheClassesTheFixChanged() {
        Detection d = detection(List.of(finding("false-sharing", QUEUE + "HeadRef", List.of("(header)"), List.of(),
                0.0002)), List.of());
        assertEquals(Detection.Found.NO, d.found());
        assertTrue(d.silent());
        assertEquals(1, d.inScope().size());
    }

    /** For a fix of one field, a finding that names it at all. */
    @Test
    void aFixOfOneFieldIsUndoneByAnyFindingNamingIt() {
        Bug counter = new Bug("counter", "a counter", "https://example.org", Source.jdk(), LibraryQueueHandoff.class,
                "netty-mpsc", 1, List.of("java.util.concurrent.atomic.AtomicLong::value"),
                List.of("java.util.concurrent.atomic.AtomicLong"));
        Map<String, Object> f = finding("false-sharing", "java.util.concurrent.atomic.AtomicLong", List.of("value"),
                List.of(), 0.01);
        assertFalse(Detection.of(counter, Map.of("findings", List.of(f))).silent());
        assertTrue(Detection.of(counter, Map.of("findings", List.of(finding("false-sharing", "a.B", List.of("x"),
                List.of(), 0.01)))).silent());
    }
}
