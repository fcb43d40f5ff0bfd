package io.jremix.core.cache.repair;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepairPlannerTest {

    static Finding finding(SharingKind kind, String cls, Datum.Kind location, boolean repairable,
                           Map<String, Set<Integer>> writers) {
        return new Finding(kind, cls, location, List.copyOf(writers.keySet()), 1000, 10, repairable, List.of(),
                List.of(), List.of(), 1e6, 0, 1, writers, List.of(), 0.01);
    }

    @Test
    void fieldsWrittenByDifferentThreadsArePaddedApart() {
        List<PaddedClass> plan = RepairPlanner.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.Ring",
                Datum.Kind.FIELD, true, Map.of("head", Set.of(1), "tail", Set.of(0), "buffer", Set.of()))));
        assertEquals(List.of(new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail")))), plan);
    }

    @Test
    void fieldsWrittenByTheSameThreadsShareAGroup() {
        List<PaddedClass> plan = RepairPlanner.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.Stats",
                Datum.Kind.FIELD, true, Map.of("count", Set.of(0), "sum", Set.of(0), "reads", Set.of(1)))));
        assertEquals(List.of(List.of("count", "sum"), List.of("reads")), plan.get(0).groups());
        assertEquals(0, plan.get(0).groupOf("sum"));
        assertEquals(-1, plan.get(0).groupOf("other"));
    }

    @Test
    void oneFieldWrittenInManyInstancesIsOneGroup() {
        List<PaddedClass> plan = RepairPlanner.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.VolatileLong",
                Datum.Kind.FIELD, true, Map.of("value", Set.of(0, 1, 2, 3)))));
        assertEquals(List.of(List.of("value")), plan.get(0).groups());
    }

    @Test
    void unrepairableFindingsAreNotPlanned() {
        assertEquals(List.of(), RepairPlanner.plan(List.of(
                finding(SharingKind.TRUE_SHARING, "a.Counter", Datum.Kind.FIELD, false, Map.of("value", Set.of(0, 1))),
                finding(SharingKind.FALSE_SHARING, "long[]", Datum.Kind.ELEMENT, false, Map.of()),
                finding(SharingKind.FALSE_SHARING, "a.Statics", Datum.Kind.STATIC, false, Map.of("x", Set.of(0))))));
    }

    /**
     * A class whose fields are only read is not planned, and its advice says so instead of promising that a profile
     * pads it (found on JCTools' ConcurrentCircularArrayQueue::mask,buffer with its padding stripped).
     */
    @Test
    void aClassWithOnlyReadFieldsIsNotPlannedAndItsAdviceSaysWhy() {
        Finding reader = finding(SharingKind.FALSE_SHARING, "a.Reader", Datum.Kind.FIELD, true,
                Map.of("config", Set.of()));
        assertEquals(List.of(), RepairPlanner.plan(List.of(reader)));
        assertEquals(RepairAdvice.Status.READ_ONLY, RepairAdvice.status(reader, false));
        assertTrue(RepairAdvice.advise(reader, RepairAdvice.Status.READ_ONLY, true).contains("only read"));
        Finding writer = finding(SharingKind.FALSE_SHARING, "a.Ring", Datum.Kind.FIELD, true,
                Map.of("head", Set.of(1), "mask", Set.of()));
        assertEquals(RepairAdvice.Status.PAD_NEXT_RUN, RepairAdvice.status(writer, false));
        assertEquals(RepairAdvice.Status.PADDED, RepairAdvice.status(writer, true));
    }

    @Test
    void paddedClassNeedsFields() {
        assertThrows(IllegalArgumentException.class, () -> new PaddedClass("a.X", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new PaddedClass("a.X", List.of(List.of())));
    }

    @Test
    void adviceNamesTheEditForEachKindOfFinding() {
        Finding array = finding(SharingKind.FALSE_SHARING, "long[]", Datum.Kind.ELEMENT, false, Map.of());
        Finding counter = finding(SharingKind.TRUE_SHARING, "a.Counter", Datum.Kind.FIELD, false,
                Map.of("value", Set.of(0, 1)));
        Finding statics = finding(SharingKind.FALSE_SHARING, "a.S", Datum.Kind.STATIC, false, Map.of("x", Set.of(0)));
        Finding loaded = finding(SharingKind.FALSE_SHARING, "a.Ring", Datum.Kind.FIELD, true, Map.of("head", Set.of(0)));
        assertContains(RepairAdvice.advise(array, RepairAdvice.Status.NOT_REPAIRABLE, false), "i * 16", "LongAdder");
        assertContains(RepairAdvice.advise(counter, RepairAdvice.Status.NOT_REPAIRABLE, false), "LongAdder",
                "per thread", "batch");
        Finding handOff = finding(SharingKind.TRUE_SHARING, "a.Ring", Datum.Kind.FIELD, false,
                Map.of("head", Set.of(1), "tail", Set.of(0)));
        assertContains(RepairAdvice.advise(handOff, RepairAdvice.Status.NOT_REPAIRABLE, false), "one thread writes",
                "re-read only when it runs out");
        assertContains(RepairAdvice.advise(statics, RepairAdvice.Status.NOT_REPAIRABLE, false), "holder");
        assertContains(RepairAdvice.advise(loaded, RepairAdvice.Status.PAD_NEXT_RUN, false),
                "-XX:REMIXProfile=FILE", "@jdk.internal.vm.annotation.Contended", "-XX:-RestrictContended");
        assertContains(RepairAdvice.advise(loaded, RepairAdvice.Status.PAD_NEXT_RUN, true), "next run");
        assertContains(RepairAdvice.advise(loaded, RepairAdvice.Status.PADDED, true), "padded at load: head");
        Finding latent = finding(SharingKind.LATENT_FALSE_SHARING, "a.Ring", Datum.Kind.FIELD, true,
                Map.of("head", Set.of(1), "tail", Set.of(0)));
        assertEquals(RepairAdvice.Status.PAD_NEXT_RUN, RepairAdvice.status(latent, false));
        assertContains(RepairAdvice.advise(latent, RepairAdvice.Status.PAD_NEXT_RUN, true), "within a line of each"
                + " other", "whatever this run's was", "next run");
        assertEquals(List.of(new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail")))),
                RepairPlanner.plan(List.of(latent)), "padded like observed false sharing");
    }

    private static void assertContains(String text, String... parts) {
        for (String p : parts) {
            if (!text.contains(p)) {
                throw new AssertionError("'" + p + "' not in: " + text);
            }
        }
    }
}
