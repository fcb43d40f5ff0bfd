package io.jremix.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ranking behind the relaxed lists, over a recording of this JVM. */
class HotMethodsTest {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    /** Spends its time in a VarHandle access, as VBD-rewritten array code does. */
    static long hotLoop(long[] cells, long until) {
        long sum = 0;
        while (System.nanoTime() < until) {
            for (int i = 0; i < cells.length; i++) {
                LONGS.setVolatile(cells, i, (long) LONGS.getVolatile(cells, i) + i);
                sum += cells[i];
            }
        }
        return sum;
    }

    @Test
    void samplesInVbdMachineryCountForTheProgramMethodThatCalledIt(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("hot.jfr");
        long[] cells = new long[4096];
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.start();
            hotLoop(cells, System.nanoTime() + 1_500_000_000L);
            r.stop();
            r.dump(jfr);
        }
        HotMethods.Ranking ranking = HotMethods.rank(jfr);
        assertTrue(ranking.samples() > 0, "JFR sampled this thread");
        String top = ranking.methods().keySet().iterator().next();
        assertEquals(HotMethodsTest.class.getName() + "::hotLoop", top, ranking.methods().toString());
        assertFalse(ranking.methods().keySet().stream().anyMatch(m -> m.startsWith("java.") || m.startsWith("jdk.")),
                "the JDK's methods are never listed: " + ranking.methods());

        String file = HotMethods.patternFile("demo", ranking, 1, "bench/run-hot-methods");
        List<String> patterns = file.lines().filter(l -> !l.startsWith("#")).toList();
        assertEquals(1, patterns.size(), file);
        assertTrue(patterns.get(0).startsWith(HotMethodsTest.class.getName() + "::hotLoop # "), file);
    }
}
