package io.jremix.jcstress.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The tests as jcstress's annotation processor recorded them in META-INF/TestList, read back. */
class TestCatalogueTest {
    private static final String P = "io.jremix.jcstress.";
    private final TestCatalogue catalogue = TestCatalogue.fromClassPath();

    @Test
    void everyTestDeclaresSomeNonScOutcomeAndSomeScOne() {
        Map<String, TestSpec> all = catalogue.select("^io\\.jremix\\.jcstress\\.");
        assertTrue(all.size() >= 20, all.keySet().toString());
        for (TestSpec spec : all.values()) {
            assertFalse(spec.nonScIds().isEmpty(), spec.name());
            assertTrue(spec.cases().containsValue(Grade.SC) || spec.otherwise() == Grade.SC, spec.name());
            assertFalse(spec.description().isBlank(), spec.name());
        }
    }

    @Test
    void storeBufferingGradesItsWeakOutcomeNonScButAllowed() {
        TestSpec sb = catalogue.get(P + "StoreBufferingFields");
        assertEquals(2, sb.actors());
        assertEquals(Grade.NON_SC_ALLOWED, sb.grade("0, 0"));
        assertEquals(Grade.SC, sb.grade("1, 0"));
        assertEquals(List.of("0, 0"), sb.nonScIds());
        assertTrue(sb.jmmAllowsNonSc());
        assertNull(sb.vbdLimit());
    }

    @Test
    void anUndeclaredOutcomeTakesTheDefaultCase() {
        TestSpec iriw = catalogue.get(P + "Iriw");
        assertEquals(4, iriw.actors());
        assertEquals(Grade.NON_SC_ALLOWED, iriw.grade("1, 0, 1, 0"));
        assertEquals(Grade.SC, iriw.grade("1, 1, 0, 1"));
        TestSpec causality = catalogue.get(P + "CausalityTest2");
        assertEquals(Grade.NON_SC_ALLOWED, causality.grade("1, 1, 1"));
        assertEquals(Grade.NON_SC_FORBIDDEN, causality.grade("0, 1, 1"));
        assertEquals(List.of("1, 1, 1", "any other"), causality.nonScIds());
        assertEquals(Map.of("1, 1, 1", Grade.NON_SC_ALLOWED, "any other", Grade.NON_SC_FORBIDDEN), causality.nonScCases());
        // a termination test's ERROR outcome (the actor threw) is declared nowhere: forbidden, as jcstress grades it
        assertEquals(Grade.NON_SC_FORBIDDEN, catalogue.get(P + "SpinLoopField").grade("ERROR"));
        assertEquals(Grade.NON_SC_ALLOWED, catalogue.get(P + "SpinLoopField").grade("STALE"));
    }

    @Test
    void wordTearingAndThinAirAreForbiddenEvenWithoutVbd() {
        for (String test : List.of("ByteArrayWordTearing", "BooleanArrayWordTearing", "OutOfThinAir")) {
            TestSpec spec = catalogue.get(P + test);
            assertFalse(spec.jmmAllowsNonSc(), test);
            assertEquals(List.of("any other"), spec.nonScIds(), test);
        }
    }

    @Test
    void onlyTheMisalignedUnsafeTestIsAVbdLimit() {
        assertNotNull(catalogue.get(P + "MisalignedUnsafeInt").vbdLimit());
        assertEquals(List.of(P + "MisalignedUnsafeInt"), catalogue.select("^io\\.jremix\\.jcstress\\.").values()
                .stream().filter(s -> s.vbdLimit() != null).map(TestSpec::name).toList());
    }

    /** jcstress names a nested test Outer.Inner; its class is Outer$Inner. */
    @Test
    void readsTheLimitOfANestedClassByItsBinaryName() {
        assertNotNull(TestCatalogue.vbdLimit(Nested.Limited.class.getName()));
        assertNull(TestCatalogue.vbdLimit(Nested.class.getName()));
    }

    static class Nested {
        @io.jremix.jcstress.VbdLimit("nested")
        static class Limited {
        }
    }

    @Test
    void selectsAsJcstressTDoes() {
        assertEquals(List.of(P + "StoreBufferingArrays", P + "StoreBufferingFields"),
                List.copyOf(catalogue.select("StoreBuffering(Fields|Arrays)").keySet()));
    }
}
