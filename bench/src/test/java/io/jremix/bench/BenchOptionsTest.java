package io.jremix.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.bench.cache.DetectionOverhead;
import io.jremix.bench.cache.RepairBenchmark;
import io.jremix.bench.corpus.CorpusBench;
import io.jremix.bench.libs.RealLibraries;
import io.jremix.bench.park.ParkJfr;
import io.jremix.bench.park.ParkOverhead;
import io.jremix.bench.scheduler.SchedulerBenchmark;
import io.jremix.bench.suite.Harness;
import io.jremix.bench.suite.HotMethods;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchOptionsTest {
    private static final List<String> NAMES = List.of("--runs", "--threads", "--only", "--out", "--size");

    private static BenchOptions options(String... args) {
        return new BenchOptions(args, NAMES, IllegalArgumentException::new);
    }

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> {
            BenchOptions o = options(args);
            o.count("--runs", 5, 1);
            o.counts("--threads", new int[] {1}, 1);
            o.value("--size", "default", v -> {
                if (!v.equals("tiny")) {
                    throw new IllegalArgumentException("no size '" + v + "'");
                }
                return v;
            });
        }).getMessage();
    }

    @Test
    void givenValuesAndDefaults() {
        BenchOptions o = options("--runs", "7", "--threads", "1,2,8", "--out", "x.md");
        assertEquals(7, o.count("--runs", 5, 1));
        assertArrayEquals(new int[] {1, 2, 8}, o.counts("--threads", new int[] {4}, 1));
        assertEquals(Path.of("x.md").toAbsolutePath(), o.path("--out", null));
        assertNull(o.text("--only", null));
        assertEquals("tiny", options().value("--size", "tiny", v -> v));
    }

    @Test
    void flagsTakeNoValue() {
        BenchOptions o = new BenchOptions(new String[] {"--load", "--runs", "3"}, NAMES, List.of("--load"),
                IllegalArgumentException::new);
        assertTrue(o.flag("--load"));
        assertEquals(3, o.count("--runs", 5, 1));
        assertFalse(options("--runs", "3").flag("--load"));
    }

    @Test
    void badOptionsAreRefusedWithTheirName() {
        assertEquals("unknown option --run", refusal("--run", "3"));
        assertEquals("--runs needs a value", refusal("--runs"));
        assertEquals("--runs must be a whole number of at least 1, not 'x'", refusal("--runs", "x"));
        assertEquals("--runs must be a whole number of at least 1, not '0'", refusal("--runs", "0"));
        assertEquals("--threads must be a whole number of at least 1, not ''", refusal("--threads", "1,,2"));
        assertEquals("--size: no size 'huge'", refusal("--size", "huge"));
    }

    /** Every bench script answers a bad option with one line and exit code 2, before it measures anything. */
    @ParameterizedTest
    @ValueSource(classes = {Harness.class, RepairBenchmark.class, DetectionOverhead.class, ParkOverhead.class,
            ParkJfr.class, SchedulerBenchmark.class, HotMethods.class, RealLibraries.class, CorpusBench.class})
    void scriptsRefuseABadOptionWithOneLineAndExitCode2(Class<?> main) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), main.getName()));
        Command.Result bad = Command.withJava(with(argv, "--warmup", "-1"), Path.of(java)).run();
        assertEquals(2, bad.exit(), bad.stderr());
        List<String> lines = bad.stderr().lines().toList();
        assertEquals(1, lines.size(), bad.stderr());
        assertTrue(lines.get(0).matches("bench/run[-a-z]*: --warmup must be a whole number of at least 0, not '-1'"
                + " \\(bench/run[-a-z]* --help lists the options\\)"), lines.get(0));
        assertEquals("", bad.stdout());

        Command.Result help = Command.withJava(with(argv, "--help"), Path.of(java)).run();
        assertEquals(0, help.exit(), help.stderr());
        assertTrue(help.stdout().startsWith("usage: bench/run"), help.stdout());
    }

    private static List<String> with(List<String> argv, String... more) {
        List<String> out = new ArrayList<>(argv);
        out.addAll(List.of(more));
        return out;
    }
}
