package io.jremix.jcstress.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Summing forks into per-test outcomes, on results made up here. */
class JcstressRunTest {
    private static final TestSpec SB = new TestSpec("t.StoreBuffering", 2, "sb",
            cases("0, 0", Grade.NON_SC_ALLOWED, "0, 1", Grade.SC, "1, 0", Grade.SC, "1, 1", Grade.SC), null, null);
    private static final TestSpec IRIW = new TestSpec("t.Iriw", 4, "iriw",
            cases("1, 0, 1, 0", Grade.NON_SC_ALLOWED), Grade.SC, null);
    private static final TestSpec TEARING = new TestSpec("t.Tearing", 2, "tearing",
            cases("-?[1-9]", Grade.NON_SC_ALLOWED, "0", Grade.SC), Grade.NON_SC_FORBIDDEN, "split access");

    private static Map<String, Grade> cases(Object... idThenGrade) {
        Map<String, Grade> m = new LinkedHashMap<>();
        for (int i = 0; i < idThenGrade.length; i += 2) {
            m.put((String) idThenGrade[i], (Grade) idThenGrade[i + 1]);
        }
        return m;
    }

    private static ForkResult fork(String test, String status, Map<String, Long> counts, String... messages) {
        return new ForkResult(test, status, counts, List.of(messages), List.of("-XX:-TieredCompilation"));
    }

    @Test
    void sumsEveryForkOfATestAndCountsItsNonScSamples() {
        List<ForkResult> forks = List.of(
                fork("t.StoreBuffering", "NORMAL", Map.of("0, 0", 5L, "0, 1", 100L)),
                fork("t.Tearing", "NORMAL", Map.of("0", 7L)),
                fork("t.StoreBuffering", "NORMAL", Map.of("0, 0", 2L, "1, 1", 3L, "1, 0", 40L)));
        JcstressRun run = JcstressRun.of(Map.of("t.StoreBuffering", SB), forks, 2);
        TestOutcomes sb = run.ran().get("t.StoreBuffering");
        assertEquals(2, sb.forks());
        assertEquals(150, sb.samples());
        assertEquals(7, sb.nonSc());
        assertEquals(Map.of("0, 0", 7L), sb.nonScCounts());
        assertEquals(0, sb.forbidden());
        assertTrue(sb.clean());
        assertTrue(run.notRun().isEmpty());
        assertEquals(3, run.forks().size());
        assertEquals(3, run.forksWith("-XX:-TieredCompilation"::equals));
        assertEquals(0, run.forksWith(a -> a.startsWith("-javaagent:")));
    }

    @Test
    void outcomesMatchDeclaredIdsAsRegularExpressionsThenTheDefault() {
        List<ForkResult> forks = List.of(fork("t.Tearing", "NORMAL", Map.of("0", 10L, "3", 1L, "-2", 1L, "12", 4L)));
        TestOutcomes t = JcstressRun.of(Map.of("t.Tearing", TEARING), forks, 2).ran().get("t.Tearing");
        assertEquals(6, t.nonSc());
        assertEquals(4, t.forbidden());
    }

    @Test
    void aForkThatFailedIsAnErrorWithItsStatusAndFirstMessage() {
        List<ForkResult> forks = List.of(
                fork("t.StoreBuffering", "TEST_ERROR", Map.of(), "Unrecoverable error while running",
                        "java.lang.IllegalStateException: Failed: 22", "\tat x.y(Z.java:1)", "\tat more"),
                fork("t.StoreBuffering", "NORMAL", Map.of("1, 1", 3L)));
        JcstressRun run = JcstressRun.of(Map.of("t.StoreBuffering", SB), forks, 2);
        assertFalse(run.ran().get("t.StoreBuffering").clean());
        assertEquals(List.of("t.StoreBuffering: TEST_ERROR: Unrecoverable error while running /"
                + " java.lang.IllegalStateException: Failed: 22 / at x.y(Z.java:1) [-XX:-TieredCompilation]"), run.errors());
    }

    @Test
    void aTestWithoutResultsDidNotRunAndSaysWhy() {
        Map<String, TestSpec> selected = new LinkedHashMap<>();
        selected.put("t.Iriw", IRIW);
        selected.put("t.StoreBuffering", SB);
        JcstressRun run = JcstressRun.of(selected, List.of(), 2);
        assertTrue(run.ran().isEmpty());
        assertEquals("4 actors need 4 CPUs; jcstress ran on 2", run.notRun().get("t.Iriw"));
        assertTrue(run.notRun().get("t.StoreBuffering").startsWith("no result"));
    }
}
