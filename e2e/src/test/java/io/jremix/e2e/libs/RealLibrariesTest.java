package io.jremix.e2e.libs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.jremix.e2e.Jremix;
import io.jremix.workloads.libs.PadStripper;
import org.jctools.queues.SpscArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REMIX's case on a real library: JCTools' {@code SpscArrayQueue} as published on Maven Central, padded by
 * inheritance, and the same jar with its pad fields removed ({@link PadStripper}). One producer and one consumer
 * thread go through the queue ({@code Handoff jctools-spsc}). Without the padding the producer's and the consumer's
 * indices share a line and jremix must name them as false sharing; with it, it must say nothing about the queue.
 */
class RealLibrariesTest {
    private static final String QUEUE = "org.jctools.queues.SpscArrayQueue";
    /** The index fields and the classes of the queue's hierarchy that declare them. */
    private static final Map<String, String> INDICES = Map.of(
            QUEUE + "ProducerIndexFields", "producerIndex", QUEUE + "ConsumerIndexField", "consumerIndex");
    private static final String COUNT = "10000000";

    @Test
    void unpaddedQueueShowsFalseSharingOnItsIndices(@TempDir Path dir) throws Exception {
        Path unpadded = dir.resolve("jctools-unpadded.jar");
        List<String> stripped = PadStripper.strip(published(), unpadded);
        assertTrue(stripped.contains(QUEUE + "L1Pad: 128 pad fields removed"), String.join("\n", stripped));

        Path report = dir.resolve("report.json");
        Jremix.Run run = Jremix.contended(() -> handoff(unpadded, report));

        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> onIndices = Jremix.findings(Jremix.json(report)).stream()
                .filter(f -> INDICES.containsKey(f.get("className")) && f.get("kind").equals("false-sharing"))
                .toList();
        assertFalse(onIndices.isEmpty(), "no false sharing on the queue's indices in\n" + run.stderr());
        for (Map<String, Object> finding : onIndices) {
            @SuppressWarnings("unchecked")
            List<String> fields = (List<String>) finding.get("fields");
            assertTrue(fields.contains(INDICES.get(finding.get("className"))), "fields " + fields);
            assertEquals(true, finding.get("repairable"));
        }
    }

    @Test
    void paddedQueueStaysSilent(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        Jremix.Run run = handoff(published(), report);

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        // the buffer's neighbouring slots (Object[] elements) are written by the producer and read by the consumer
        // in the padded queue too: only the queue's own fields must be quiet
        List<Object> onQueue = Jremix.findings(doc).stream().map(f -> f.get("className"))
                .filter(c -> ((String) c).startsWith("org.jctools.")).toList();
        assertEquals(List.of(), onQueue, run.stderr());
        @SuppressWarnings("unchecked")
        Map<String, Object> trace = (Map<String, Object>) doc.get("trace");
        assertTrue((Long) trace.get("sampledAccesses") > 1_000, "the queue was traced: " + trace);
    }

    /** The published jctools-core jar on the test class path. */
    private static Path published() throws Exception {
        return Path.of(SpscArrayQueue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Jremix.Run handoff(Path library, Path report) throws IOException, InterruptedException {
        return Jremix.main(List.of("-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXReport=" + report),
                Jremix.WORKLOADS + File.pathSeparator + library, "io.jremix.workloads.libs.Handoff",
                "jctools-spsc", COUNT);
    }
}
