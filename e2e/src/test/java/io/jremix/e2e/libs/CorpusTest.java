package io.jremix.e2e.libs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.bench.corpus.Bug;
import io.jremix.bench.corpus.Corpus;
import io.jremix.bench.corpus.Detection;
import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fast subset of the corpus of historical false-sharing bugs ({@code bench/run-corpus}): each library version
 * before its upstream fix, driven through its public API by the corpus's driver, must be found at the default
 * sensitivity (its fields named as false sharing, observed or predicted), and a version after its fix must report
 * no false sharing on what the fix changed. Found means predicted at least: a prediction counts the writes of each
 * thread, which go on when other work takes the cores, where the misses between two threads that take turns do not.
 * The runs stop sending after {@value #CAP_SECONDS} s (a quiet machine reaches the cap too: about 30 s for the class
 * per JDK); a few seconds of contention are enough for a prediction.
 */
class CorpusTest {
    private static final long CAP_SECONDS = 6;

    /** Producers CAS the queue's head, the consumer lazy-sets its tail, 4 bytes after it in the same object. */
    @Test
    void caffeineSingleConsumerQueueBeforeItsFixIsFound(@TempDir Path dir) throws Exception {
        Run run = detect(Corpus.bug("caffeine-scq"), false, dir);
        assertNotEquals(Detection.Found.NO, run.detection.found(), run.stderr);
    }

    /** The submitter CASes the task queue's tail, the worker its head, the next field of the same object. */
    @Test
    void jbossExecutorBeforeItsFixIsFound(@TempDir Path dir) throws Exception {
        Run run = detect(Corpus.bug("jboss-eqe"), false, dir);
        assertNotEquals(Detection.Found.NO, run.detection.found(), run.stderr);
    }

    /**
     * RxJava 0.19.4 moved the producers' tail and the consumer's head into fields of their own, lines apart: nothing
     * the queue's threads write shares a line with what the other reads or writes.
     */
    @Test
    void rxJavaQueueAfterItsFixIsSilent(@TempDir Path dir) throws Exception {
        Run run = detect(Corpus.bug("rxjava-mpsc"), true, dir);
        assertTrue(run.detection.silent(), run.stderr);
        assertTrue(((Number) run.detection.trace().get("sampledAccesses")).longValue() > 1_000,
                "the queue was traced: " + run.detection.trace());
    }

    /**
     * The producer writes the tail, the {@code value} the queue inherits from {@code AtomicReference}; the consumer
     * only reads {@code headRef}, the field after it.
     */
    @Test
    void nettyQueueBeforeItsFixIsFound(@TempDir Path dir) throws Exception {
        Run run = detect(Corpus.bug("netty-mpsc"), false, dir);
        assertNotEquals(Detection.Found.NO, run.detection.found(), run.stderr);
    }

    /**
     * Eight longs were declared to keep the consumer's {@code _head} from the producer's {@code _tail}, but HotSpot
     * lays out the longs first, so the two ints are neighbours.
     */
    @Test
    void jettyQueueBeforeItsFixIsFound(@TempDir Path dir) throws Exception {
        Run run = detect(Corpus.bug("jetty-baq"), false, dir);
        assertNotEquals(Detection.Found.NO, run.detection.found(), run.stderr);
    }

    private record Run(Detection detection, String stderr) {
    }

    /** The version before ({@code fixed} false) or after the fix under {@code -remix:detect} at the defaults. */
    private static Run detect(Bug bug, boolean fixed, Path dir) throws Exception {
        Path report = dir.resolve("report.json");
        List<String> options = new ArrayList<>(List.of("-remix:detect", "-XX:REMIXReport=" + report));
        options.addAll(bug.source().jvmOptions(fixed));
        Path drivers = Jremix.codeOf(Corpus.class);
        Jremix.Run run = Jremix.main(options, bug.classPath(drivers, Jremix.HOME.resolve("bench/target/corpus"), fixed),
                bug.driver().getName(), bug.args(bug.items(), CAP_SECONDS).toArray(String[]::new));
        assertEquals(0, run.exit(), run.stderr());
        return new Run(Detection.of(bug, Jremix.json(report)), run.stderr());
    }
}
