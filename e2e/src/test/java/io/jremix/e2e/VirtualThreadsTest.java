package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * 3,000 virtual threads that park on a lock, enter a monitor, sleep and bump an atomic, run to the end under
 * combinations of jremix's modes that hold every pair of two modes' settings, several times each: the program's output and exit code are plain java's, its
 * stderr adds only jremix's lines, and the park report marks the virtual threads that parked on the lock. A run
 * that hangs fails when {@link Jremix}'s per-run timeout (minutes, for a program that takes seconds) ends it. CI
 * runs each combination {@value #DEFAULT_RUNS} times ({@code -Djremix.stress.runs=N} for more);
 * {@code bench/run-virtual-threads} runs them 20 times and tabulates.
 */
class VirtualThreadsTest {
    private static final String VIRTUAL_THREADS = "io.jremix.workloads.park.VirtualThreads";
    private static final int DEFAULT_RUNS = 2;
    private static final String OUTPUT = "virtual threads 3000, rounds 20: lock 60000, monitor 60000, atomic 60000\n";

    @TempDir
    static Path dir;

    @BeforeAll
    static void virtualThreadsNeedJdk21() {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads are JDK 21+");
    }

    static List<List<String>> modes() {
        return ModeCombinations.everyPair();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void everyRunEndsWithPlainJavasOutput(List<String> modes) throws Exception {
        int runs = Integer.getInteger("jremix.stress.runs", DEFAULT_RUNS);
        for (int i = 1; i <= runs; i++) {
            Jremix.Run run = Jremix.main(ModeCombinations.withProfileIn(modes, dir), Jremix.WORKLOADS.toString(),
                    VIRTUAL_THREADS);
            assertEquals(0, run.exit(), "run " + i + ":\n" + run.stderr());
            assertEquals(OUTPUT, run.stdout(), "run " + i + ":\n" + run.stderr());
            ModeCombinations.assertPlainStderrPlusJremixLines(run, List.of());
            // only virtual threads take the lock, so its row (there is none if the carriers happened never to
            // contend for it) names a virtual thread, marked as one
            run.stderrLines().stream().filter(l -> l.contains("java.util.concurrent.locks.ReentrantLock$NonfairSync"))
                    .forEach(l -> assertTrue(l.startsWith("PARK: virtual #"), "not marked virtual: " + l));
        }
    }
}
