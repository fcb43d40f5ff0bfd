package io.jremix.e2e.libs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.lmax.disruptor.RingBuffer;
import io.jremix.e2e.Jremix;
import io.jremix.workloads.libs.PadStripper;
import org.jctools.queues.SpscArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REMIX's case on real libraries: JCTools' {@code SpscArrayQueue} and the LMAX Disruptor's ring buffer as published
 * on Maven Central, padded by their authors, and the same jars with their pad fields removed ({@link PadStripper}).
 * One producer and one consumer thread go through the queue ({@code Handoff}). Without the padding the producer's and
 * the consumer's indices lie within a line and jremix must name them as false sharing, observed or latent; with it,
 * it must say nothing about false sharing in the library. The indices sit 16 bytes apart (producerIndex at 32,
 * consumerIndex at 48 with compressed oops), so a line boundary falls between them in 2 placements of 8, and then the
 * run sees no miss on them (a CI run on Temurin 25 reported only the read-only buffer and mask beside producerIndex).
 * The Disruptor's two {@code Sequence}s are separate 24-byte objects that share a line in some JVMs and not in
 * others: jremix must name them in every run, observed or latent.
 */
class RealLibrariesTest {
    private static final String QUEUE = "org.jctools.queues.SpscArrayQueue";
    /** The index fields and the classes of the queue's hierarchy that declare them. */
    private static final Map<String, String> INDICES = Map.of(
            QUEUE + "ProducerIndexFields", "producerIndex", QUEUE + "ConsumerIndexField", "consumerIndex");
    private static final String COUNT = "10000000";
    /** The field of the Disruptor's {@code Sequence} (declared in its superclass) that producer and consumer write. */
    private static final String SEQUENCE = "com.lmax.disruptor.Value";

    @Test
    void unpaddedQueueShowsFalseSharingOnItsIndices(@TempDir Path dir) throws Exception {
        Path unpadded = dir.resolve("jctools-unpadded.jar");
        List<String> stripped = PadStripper.strip(Jremix.codeOf(SpscArrayQueue.class), unpadded);
        assertTrue(stripped.contains(QUEUE + "L1Pad: 128 pad fields removed"), String.join("\n", stripped));

        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.contended(() -> handoff(unpadded, "jctools-spsc", report));

        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> onIndices = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> INDICES.containsKey(f.get("className")) && Jremix.FALSE_SHARING.contains(f.get("kind")))
                .toList();
        assertFalse(onIndices.isEmpty(), "no false sharing, observed or latent, on the queue's indices in\n"
                + run.stderr());
        for (Map<String, Object> finding : onIndices) {
            @SuppressWarnings("unchecked")
            List<String> fields = (List<String>) finding.get("fields");
            assertTrue(fields.contains(INDICES.get(finding.get("className"))), "fields " + fields);
            assertEquals(true, finding.get("repairable"));
        }
    }

    @Test
    void unpaddedDisruptorShowsFalseSharingOnItsSequencesWhateverTheirPlacement(@TempDir Path dir) throws Exception {
        Path unpadded = dir.resolve("disruptor-unpadded.jar");
        List<String> stripped = PadStripper.strip(Jremix.codeOf(RingBuffer.class), unpadded);
        assertTrue(stripped.contains("com.lmax.disruptor.LhsPadding: 56 pad fields removed"), String.join("\n", stripped));

        Path report = dir.resolve("report.json");
        Jremix.Run run = handoff(unpadded, "disruptor", report);

        assertEquals(0, run.exit(), run.stderr());
        List<Object> kinds = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> f.get("className").equals(SEQUENCE) && f.get("fields").equals(List.of("value")))
                .map(f -> f.get("kind")).toList();
        assertTrue(kinds.stream().anyMatch(Jremix.FALSE_SHARING::contains),
                "no false sharing, observed or latent, on the sequences in\n" + run.stderr());
    }

    @Test
    void paddedDisruptorShowsNoFalseSharing(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = handoff(Jremix.codeOf(RingBuffer.class), "disruptor", report);

        assertEquals(0, run.exit(), run.stderr());
        // the consumer reads the cursor the producer writes (true sharing): that padding cannot remove
        List<Map<String, Object>> falseSharing = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> ((String) f.get("className")).startsWith("com.lmax.")
                        && !f.get("kind").equals("true-sharing")).toList();
        assertEquals(List.of(), falseSharing, run.stderr());
    }

    @Test
    void paddedQueueStaysSilent(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = handoff(Jremix.codeOf(SpscArrayQueue.class), "jctools-spsc", report);

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        // the buffer's neighbouring slots (Object[] elements) are written by the producer and read by the consumer
        // in the padded queue too: only the queue's own fields must be quiet. Its header is not padded: a placement
        // that puts the end of the buffer on the header's line (seen in full test runs, "on the same lines as:
        // java.lang.Object[]") makes the consumer's interface calls miss there, and that is left out too.
        List<Object> onQueue = Jremix.findings(doc).stream()
                .filter(f -> ((String) f.get("className")).startsWith("org.jctools."))
                .filter(f -> !f.get("fields").equals(List.of("(header)")))
                .map(f -> f.get("className")).toList();
        assertEquals(List.of(), onQueue, run.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> trace = (Map<String, Object>) doc.get("trace");
        assertTrue((Long) trace.get("sampledAccesses") > 1_000, "the queue was traced: " + trace);
    }

    private static Jremix.Run handoff(Path library, String channel, Path report)
            throws IOException, InterruptedException {
        return Jremix.main(List.of("-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXReport=" + report),
                Jremix.WORKLOADS + File.pathSeparator + library, "io.jremix.workloads.libs.Handoff", channel, COUNT);
    }
}
