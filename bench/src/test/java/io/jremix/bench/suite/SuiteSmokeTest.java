package io.jremix.bench.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** CI's smoke test: every workload of the suite runs once at the tiny size and passes its own check. */
class SuiteSmokeTest {

    static Stream<Suite.Entry> workloads() {
        return Suite.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void runsOnceAtTinySizeAndPassesItsSelfCheck(Suite.Entry entry) throws Exception {
        SuiteWorkload w = entry.create();
        try {
            w.setUp(Size.TINY);
            Object first = w.iterate();
            w.check(first);
            w.check(w.iterate());
        } finally {
            w.tearDown();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void checkRejectsAResultOfAnotherWorkload(Suite.Entry entry) throws Exception {
        SuiteWorkload w = entry.create();
        try {
            w.setUp(Size.TINY);
            Object wrong = new Object();
            RuntimeException e = assertThrows(RuntimeException.class, () -> w.check(wrong));
            assertTrue(e instanceof SelfCheckException || e instanceof ClassCastException, e.toString());
        } finally {
            w.tearDown();
        }
    }
}
