package io.jremix.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.bench.Command;
import io.jremix.bench.suite.Mode;
import org.junit.jupiter.api.Test;

/** How the Spark table reads a JVM's output, compares its checksums with plain java's and summarises the ratios. */
class SparkTableTest {
    private static final String TWO_JOBS = """
            job rdd-sort iteration 1 warmup 9000000
            job rdd-sort iteration 2 measured 2000000
            job rdd-sort iteration 3 measured 4000000
            checksum rdd-sort 500000/123
            job rdd-join iteration 1 warmup 9000000
            job rdd-join iteration 2 measured 1000000
            job rdd-join iteration 3 measured 1000000
            checksum rdd-join 7/8
            """;

    @Test
    void eachJobOfAJvmHasItsOwnIterationsAndChecksum() throws IOException {
        Command.Result r = new Command.Result(0, TWO_JOBS, "");
        SparkTable.Run sort = SparkTable.Run.of(r, "rdd-sort", 2);
        assertEquals(List.of(2.0, 4.0), sort.measuredMs());
        assertEquals("500000/123", sort.checksum());
        assertEquals(1.0, SparkTable.Run.of(r, "rdd-join", 2).meanMs());
    }

    @Test
    void aFailedJvmOrAMissingJobIsAnError() {
        assertThrows(IOException.class, () -> SparkTable.Run.of(new Command.Result(1, TWO_JOBS, "boom"), "rdd-sort", 2));
        assertThrows(IOException.class, () -> SparkTable.Run.of(new Command.Result(0, TWO_JOBS, ""), "df-sort", 2));
    }

    private static Map<Mode, SparkTable.Cell> row(double plainMs, String plainSum, double vbdMs, String vbdSum) {
        Map<Mode, SparkTable.Cell> row = new LinkedHashMap<>();
        row.put(Mode.PLAIN, new SparkTable.Cell(List.of(plainMs, plainMs * 3, plainMs / 2), List.of(plainSum, plainSum,
                plainSum), null));
        row.put(Mode.VBD, new SparkTable.Cell(List.of(vbdMs), List.of(vbdSum), null));
        row.put(Mode.VBD_RELAXED, SparkTable.Cell.failed("exit 1: boom"));
        return row;
    }

    @Test
    void ratiosSummariseByKindAndADifferentResultIsFlagged() {
        List<SparkTable.Job> jobs = SparkTable.select("rdd-sort,rdd-join,mllib-kmeans");
        Map<String, Map<Mode, SparkTable.Cell>> results = new LinkedHashMap<>();
        results.put("rdd-sort", row(100, "a", 200, "a"));
        results.put("rdd-join", row(100, "b", 800, "b"));
        results.put("mllib-kmeans", row(100, "c", 150, "other"));
        SparkTable table = new SparkTable("4.0.1", jobs, results);

        assertEquals(4.0, table.geometricMean(Mode.VBD, SparkTable.Kind.SPARK_TESTS), 1e-9);
        assertEquals(1.5, table.geometricMean(Mode.VBD, SparkTable.Kind.MLLIB), 1e-9);
        assertEquals(8.0, table.max(Mode.VBD), 1e-9);
        assertNull(table.geometricMean(Mode.VBD_RELAXED, null), "a mode that failed everywhere has no mean");
        assertTrue(table.checksumsEqual("rdd-join", Mode.VBD));
        assertFalse(table.checksumsEqual("mllib-kmeans", Mode.VBD));
        assertFalse(table.checksumsEqual());

        String md = table.markdown(Map.of("cpu", "cpu", "cores", 2, "load", 1.0, "jdk", "17"), 3, 1, 2);
        assertTrue(md.contains("| mllib-kmeans | mllib |") && md.contains("**differs**"), md);
        assertTrue(md.contains("(2 cores), 17, load average 1.0 at the start. Spark 4.0.1, `local[2]`;"), md);
        assertTrue(md.contains("| spark-tests, geometric mean | 4.00× | – | 1.79× |"), md);
        assertTrue(md.contains("- Error: `rdd-sort` under `vbd-relaxed`: exit 1: boom"), md);
    }

    @Test
    void anUnknownJobIsRefusedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SparkTable.select("rdd-sort,nope"));
        assertTrue(e.getMessage().contains("no job 'nope'") && e.getMessage().contains("mllib-kmeans"), e.getMessage());
    }
}
