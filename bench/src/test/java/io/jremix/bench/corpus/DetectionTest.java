package io.jremix.bench.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertFalse(d.silent());
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

    @Test
    void anAfterVersionIsNotSilentAboutTheClassesTheFixChanged() {
        Detection d = detection(List.of(finding("false-sharing", QUEUE + "HeadRef", List.of("(header)"), List.of(),
                0.0002)), List.of());
        assertEquals(Detection.Found.NO, d.found());
        assertFalse(d.silent());
        assertTrue(detection(List.of(finding("false-sharing", "some.Other", List.of("x"), List.of(), 1)), List.of())
                .silent());
    }
}
