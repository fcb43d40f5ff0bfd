package io.jremix.bench.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.bench.RoundsPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus table's cells, from what one bug's runs reported. */
class CorpusTableTest {
    private static final String QUEUE = "com.github.benmanes.caffeine.SingleConsumerQueue";

    private static Detection detection(String kind, List<String> fields) {
        Map<String, Object> finding = Map.of("kind", kind, "className", QUEUE, "fields", fields,
                "costShare", 0.004);
        return Detection.of(Corpus.bug("caffeine-scq"), Map.of("findings", List.of(finding),
                "settings", Map.of("costShare", 0.0003)));
    }

    private static Map<String, Object> padded(String className, long added, long live) {
        return Map.of("className", className, "bytesAdded", added, "liveInstances", live, "liveBytesAdded",
                added * live);
    }

    @Test
    void bytesAddedArePerInstanceOfEachPaddedClassAndOverItsLiveOnes() {
        assertEquals("+392 B per `SingleConsumerQueue`, +1,176 B over 3 live",
                CorpusTable.bytesAdded(Map.of("padded", List.of(padded(QUEUE, 392, 3)))));
        assertEquals("n/a (nothing padded)", CorpusTable.bytesAdded(null));
        assertEquals("n/a for `Other` (no layouts)",
                CorpusTable.bytesAdded(Map.of("padded", List.of(Map.of("className", "a.Other")))));
    }

    @Test
    void aRowCountsFoundAndSilentRunsAndDividesByTheFixedTime(@TempDir Path dir) throws Exception {
        Outcome o = new Outcome(Corpus.bug("caffeine-scq"));
        o.before.add(detection("false-sharing", List.of("head", "tail")));
        o.before.add(detection("latent-false-sharing", List.of("head", "tail")));
        o.before.add(detection("true-sharing", List.of("head")));
        o.afterDefaults.add(detection("true-sharing", List.of("head")));
        o.afterTenTimes.add(detection("false-sharing", List.of("head", "tail")));
        o.learned = List.of(QUEUE + ": [head] [tail]");
        o.repair = Map.of("padded", List.of(padded(QUEUE, 392, 1)));
        o.times.put(Outcome.Variant.BEFORE, List.of(150.0));
        o.times.put(Outcome.Variant.FIXED, List.of(100.0, 100.0));
        o.times.put(Outcome.Variant.REPAIRED, List.of(110.0));
        Map<String, Object> machine = new HashMap<>(Map.of("cpu", "cpu", "cores", 2, "jdk", "jdk"));
        machine.put("loadAverageBefore", 0.5);
        machine.put("loadAverageAfter", 0.7);
        Path out = dir.resolve("corpus.md");
        CorpusTable.write(out, "bench/run-corpus", machine, new RoundsPlan(3, 4, 1), false, List.of(o));
        String row = Files.readString(out).lines().filter(l -> l.startsWith("| Caffeine")).findFirst().orElseThrow();
        assertTrue(row.contains("| 2/3 (1 observed, 1 latent) | not run | 1/1 | 0/1 | 1.50× | 1.10× | +392 B per"
                + " `SingleConsumerQueue`, +392 B over 1 live |"), row);
        assertTrue(Files.isRegularFile(dir.resolve("corpus.json")));
    }

    @Test
    void theFindingsOnTheFixsLinesAreCountedAndTheOthersListed() {
        assertEquals("1/2 silent; on the fix's lines: `" + QUEUE + "::[head, tail]` (false-sharing);"
                        + " elsewhere in its classes, not counted: `" + QUEUE + "::[(header)]` (false-sharing)",
                CorpusTable.noise(List.of(detection("false-sharing", List.of("(header)")),
                        detection("false-sharing", List.of("head", "tail")))));
        assertEquals("1/1 silent", CorpusTable.noise(List.of(detection("true-sharing", List.of("head")))));
    }
}
