package io.jremix.core.cache.repair;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepairPlannerTest {
    private static final RepairPlanner PLANNER = new RepairPlanner(TestOrigins.PROGRAM, false);
    private static final String QUEUE = "io.netty.util.internal.MpscLinkedQueue";
    private static final String ATOMIC_LONG = "java.util.concurrent.atomic.AtomicLong";
    private static final TestOrigins JDK = new TestOrigins(Set.of(ATOMIC_LONG,
            "java.util.concurrent.atomic.AtomicReference"));

    static Finding finding(SharingKind kind, String cls, Datum.Kind location, boolean repairable,
                           Map<String, Set<Integer>> writers) {
        return new Finding(kind, cls, location, List.copyOf(writers.keySet()), 1000, 10, repairable, List.of(),
                List.of(), List.of(), 1e6, 0, 1, writers, List.of(), 0.01);
    }

    @Test
    void fieldsWrittenByDifferentThreadsArePaddedApart() {
        List<PaddedClass> plan = PLANNER.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.Ring",
                Datum.Kind.FIELD, true, Map.of("head", Set.of(1), "tail", Set.of(0), "buffer", Set.of()))));
        assertEquals(List.of(new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail")))), plan);
    }

    @Test
    void fieldsWrittenByTheSameThreadsShareAGroup() {
        List<PaddedClass> plan = PLANNER.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.Stats",
                Datum.Kind.FIELD, true, Map.of("count", Set.of(0), "sum", Set.of(0), "reads", Set.of(1)))));
        assertEquals(List.of(List.of("count", "sum"), List.of("reads")), plan.get(0).groups());
        assertEquals(0, plan.get(0).groupOf("sum"));
        assertEquals(-1, plan.get(0).groupOf("other"));
    }

    @Test
    void oneFieldWrittenInManyInstancesIsOneGroup() {
        List<PaddedClass> plan = PLANNER.plan(List.of(finding(SharingKind.FALSE_SHARING, "a.VolatileLong",
                Datum.Kind.FIELD, true, Map.of("value", Set.of(0, 1, 2, 3)))));
        assertEquals(List.of(List.of("value")), plan.get(0).groups());
    }

    @Test
    void unrepairableFindingsAreNotPlanned() {
        assertEquals(List.of(), PLANNER.plan(List.of(
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
        assertEquals(List.of(), PLANNER.plan(List.of(reader)));
        assertEquals(RepairAdvice.Status.READ_ONLY, RepairAdvice.status(reader, false, false));
        assertTrue(RepairAdvice.advise(reader, RepairAdvice.Status.READ_ONLY, true).contains("only read"));
        Finding writer = finding(SharingKind.FALSE_SHARING, "a.Ring", Datum.Kind.FIELD, true,
                Map.of("head", Set.of(1), "mask", Set.of()));
        assertEquals(RepairAdvice.Status.PAD_NEXT_RUN, RepairAdvice.status(writer, false, false));
        assertEquals(RepairAdvice.Status.PADDED, RepairAdvice.status(writer, true, false));
    }

    /**
     * Netty 4.0.20's MpscLinkedQueue extends AtomicReference: the producer writes the inherited value, the consumer
     * reads the queue's own headRef beside it. The queue's own field moves away; AtomicReference stays as it is.
     */
    @Test
    void aFieldInheritedFromAJdkClassPadsTheProgramsClassAndNotTheJdkClass() {
        Finding queue = finding(SharingKind.FALSE_SHARING, QUEUE, Datum.Kind.FIELD, true,
                Map.of("AtomicReference.value", Set.of(0), "headRef", Set.of(), Datum.HEADER, Set.of()));
        RepairPlanner planner = new RepairPlanner(JDK, false);
        assertEquals(List.of(new PaddedClass(QUEUE, List.of(List.of("headRef")))), planner.plan(List.of(queue)));
        assertFalse(planner.onlyJdk(queue));
        assertEquals(RepairAdvice.Status.PAD_NEXT_RUN, RepairAdvice.status(queue, false, false));
        assertContains(RepairAdvice.advise(queue, RepairAdvice.Status.PAD_NEXT_RUN, true), "next run",
                "a line away from AtomicReference.value, which a JDK superclass declares", "its own fields with");

        Finding counter = finding(SharingKind.FALSE_SHARING, "a.Counter", Datum.Kind.FIELD, true,
                Map.of("AtomicLong.value", Set.of(0), "count", Set.of(1), "limit", Set.of()));
        assertEquals(List.of(new PaddedClass("a.Counter", List.of(List.of("count"), List.of("limit")))),
                planner.plan(List.of(counter)), "its own written fields by writers, then those only read");
    }

    @Test
    void aJdkClassIsPaddedOnlyWithTheOption() {
        Finding queue = finding(SharingKind.FALSE_SHARING, QUEUE, Datum.Kind.FIELD, true,
                Map.of("AtomicReference.value", Set.of(0), "headRef", Set.of()));
        Finding atomic = finding(SharingKind.FALSE_SHARING, ATOMIC_LONG, Datum.Kind.FIELD, true,
                Map.of("value", Set.of(0, 1)));
        assertEquals(List.of(new PaddedClass(QUEUE, List.of(List.of("headRef")))),
                new RepairPlanner(JDK, false).plan(List.of(queue, atomic)));

        RepairPlanner withOption = new RepairPlanner(JDK, true);
        assertEquals(List.of(new PaddedClass("java.util.concurrent.atomic.AtomicLong", List.of(List.of("value"))),
                        new PaddedClass("java.util.concurrent.atomic.AtomicReference", List.of(List.of("value")))),
                withOption.plan(List.of(queue, atomic)), "the written fields in the JDK classes that declare them");
        assertFalse(withOption.onlyJdk(atomic));
    }

    /** Two AtomicLong objects a ring buffer allocates back to back (Caffeine 1.0.1): no class of the program's to pad. */
    @Test
    void sharingThatOnlyPaddingAJdkClassWouldRepairGetsNoPlanAndSaysWhatWould() {
        Finding atomic = finding(SharingKind.FALSE_SHARING, ATOMIC_LONG, Datum.Kind.FIELD, true,
                Map.of("value", Set.of(0, 1)));
        Finding inheritedOnly = finding(SharingKind.FALSE_SHARING, "a.Cell", Datum.Kind.FIELD, true,
                Map.of("AtomicLong.value", Set.of(0, 1), Datum.HEADER, Set.of()));
        RepairPlanner planner = new RepairPlanner(JDK, false);
        assertEquals(List.of(), planner.plan(List.of(atomic, inheritedOnly)));
        for (Finding f : List.of(atomic, inheritedOnly)) {
            assertTrue(planner.onlyJdk(f), f.className());
            assertEquals(RepairAdvice.Status.JDK_CLASS, RepairAdvice.status(f, false, true));
            assertContains(RepairAdvice.advise(f, RepairAdvice.Status.JDK_CLASS, true), "-XX:+REMIXPadJdkClasses",
                    "grows every instance of it in the JVM", "keep the hot value in a field of a class of the program's");
        }
        assertContains(RepairAdvice.advise(atomic, RepairAdvice.Status.JDK_CLASS, true), ATOMIC_LONG + " is a JDK class",
                "Caffeine 1.1.0", "instead of in a JDK object");
        assertContains(RepairAdvice.advise(inheritedOnly, RepairAdvice.Status.JDK_CLASS, true),
                "the fields written (AtomicLong.value) are a JDK superclass's", "Netty 4.0.21", "instead of inheriting it");
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
        assertEquals(RepairAdvice.Status.PAD_NEXT_RUN, RepairAdvice.status(latent, false, false));
        assertContains(RepairAdvice.advise(latent, RepairAdvice.Status.PAD_NEXT_RUN, true), "within a line of each"
                + " other", "whatever this run's was", "next run");
        assertEquals(List.of(new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail")))),
                PLANNER.plan(List.of(latent)), "padded like observed false sharing");
    }

    private static void assertContains(String text, String... parts) {
        for (String p : parts) {
            if (!text.contains(p)) {
                throw new AssertionError("'" + p + "' not in: " + text);
            }
        }
    }
}
