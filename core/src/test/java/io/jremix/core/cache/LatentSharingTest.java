package io.jremix.core.cache;

import static io.jremix.core.cache.SharingKind.LATENT_FALSE_SHARING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

import io.jremix.core.cache.repair.PaddedClass;
import io.jremix.core.cache.repair.RepairPlanner;
import io.jremix.core.cache.repair.TestOrigins;
import org.junit.jupiter.api.Test;

/**
 * Latent false sharing on synthetic traces: the placement of each trace keeps the written fields on different lines,
 * which the coherence model confirms (no miss), and the prediction still names them.
 */
class LatentSharingTest {
    private static final long T0 = 5_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final int RATIO = 1000;
    private static final Thresholds DEFAULT = Thresholds.withRate(Thresholds.DEFAULT_EVENTS_PER_SECOND);
    private static final IntFunction<String> SITES = id -> "Site#" + id;
    private static final RepairPlanner PLANNER = new RepairPlanner(TestOrigins.PROGRAM, false);

    /** A queue whose head (consumer) and tail (producer) are 40 bytes apart in a 64-byte object. */
    private static final String QUEUE = "t.Queue";
    private static final Datum HEAD = Datum.field(QUEUE, "head", 16, 8);
    private static final Datum TAIL = Datum.field(QUEUE, "tail", 48, 8);
    private static final int QUEUE_SIZE = 64;
    /** Placed 40 bytes into a line: head ends that line, tail starts the next. */
    private static final long QUEUE_AT = 0x10_0000L + 40;

    /** A 24-byte counter object, one per thread. */
    private static final String COUNTER = "t.Counter";
    private static final Datum VALUE = Datum.field(COUNTER, "value", 16, 8);
    private static final int COUNTER_SIZE = 24;

    /**
     * Replays writes, one a millisecond, through the coherence model into the tracker, as the agent does, and counts
     * the misses.
     */
    private record Run(ContentionTracker tracker, long misses) {
        /** {@code writes} rounds of the given writes: the threads write at the same time. */
        static Run of(int objectSize, int writes, Write... each) {
            List<Write> order = new ArrayList<>();
            for (int i = 0; i < writes; i++) {
                order.addAll(List.of(each));
            }
            return replay(objectSize, order);
        }

        /** Each write {@code writes} times before the next: the threads take turns. */
        static Run inTurn(int objectSize, int writes, Write... each) {
            List<Write> order = new ArrayList<>();
            for (Write w : each) {
                order.addAll(Collections.nCopies(writes, w));
            }
            return replay(objectSize, order);
        }

        private static Run replay(int objectSize, List<Write> order) {
            ContentionTracker tracker = new ContentionTracker(DEFAULT, RATIO, 64);
            CacheLineSimulator lines = new CacheLineSimulator(64, 1024);
            long misses = 0;
            long time = T0;
            for (Write w : order) {
                Access a = new Access(time, w.thread, 0, w.address + w.datum.offset(), true, w.datum, 7);
                tracker.accessed(a, objectSize);
                CoherenceMiss m = lines.access(a);
                if (m != null) {
                    tracker.record(m);
                    misses++;
                }
                time += MS;
            }
            tracker.evaluate(time);
            return new Run(tracker, misses);
        }

        List<Finding> findings() {
            return tracker.findings(SITES);
        }
    }

    private record Write(int thread, long address, Datum datum) {
    }

    @Test
    void fieldsOfOneObjectPlacedApartAreReportedAsLatent() {
        Run run = Run.of(QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL), new Write(1, QUEUE_AT, HEAD));

        assertEquals(0, run.misses(), "this placement keeps head and tail on different lines");
        Finding f = only(run.findings());
        assertEquals(LATENT_FALSE_SHARING, f.kind());
        assertEquals(QUEUE, f.className());
        assertEquals(Set.of("head", "tail"), Set.copyOf(f.fields()));
        assertEquals(Map.of("head", Set.of(1), "tail", Set.of(0)), f.writers());
        assertEquals(List.of(new Finding.Hit("head[16]", 100), new Finding.Hit("tail[48]", 100)), f.hits());
        assertEquals(List.of("Site#7"), f.sites());
        Finding.Neighbours n = only(f.neighbours());
        assertTrue(n.sameObject());
        assertEquals(QUEUE + "::tail", n.other());
        assertEquals(40, n.span(), "from head's first byte (16) to tail's last (55)");
        assertTrue(n.ratePerSecond() >= DEFAULT.minEventsPerSecond(), n::toString);
        assertTrue(f.repairable());
        assertEquals(List.of(new PaddedClass(QUEUE, List.of(List.of("head"), List.of("tail")))),
                PLANNER.plan(run.findings()), "the profile pads them apart");
    }

    @Test
    void oneFieldOfSmallInstancesWrittenByTheirOwnThreadsIsLatent() {
        Run run = Run.of(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE), new Write(1, 0x10_0100L, VALUE));

        assertEquals(0, run.misses(), "the two counters lie 256 bytes apart in this run");
        Finding f = only(run.findings());
        assertEquals(LATENT_FALSE_SHARING, f.kind());
        assertEquals(List.of("value"), f.fields());
        assertEquals(Map.of("value", Set.of(0, 1)), f.writers());
        Finding.Neighbours n = only(f.neighbours());
        assertEquals(new Finding.Neighbours("value", n.writer(), COUNTER + "::value", n.otherWriter(), false, 32,
                n.ratePerSecond()), n);
        assertEquals(Set.of(0, 1), Set.of(n.writer(), n.otherWriter()));
        assertEquals(List.of(new PaddedClass(COUNTER, List.of(List.of("value")))), PLANNER.plan(run.findings()));
    }

    @Test
    void threadsThatWriteInTurnAreNotLatent() {
        // a program that runs its rounds in a thread each: the counters of two rounds never contend
        Run sameField = Run.inTurn(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE), new Write(1, 0x10_0100L, VALUE));
        assertEquals(List.of(), sameField.findings());
        Run ends = Run.inTurn(ENDS_SIZE, 100, new Write(0, 0x10_0000L, FIRST), new Write(1, 0x10_1000L, LAST));
        assertEquals(List.of(), ends.findings());
        Run oneObject = Run.inTurn(QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL), new Write(1, QUEUE_AT, HEAD));
        assertEquals(List.of(), oneObject.findings());
    }

    /** A 160-byte object whose fields a and b lie at its two ends, 124 bytes apart. */
    private static final String ENDS = "t.Ends";
    private static final Datum FIRST = Datum.field(ENDS, "a", 12, 8);
    private static final Datum LAST = Datum.field(ENDS, "b", 144, 8);
    private static final int ENDS_SIZE = 160;

    @Test
    void differentFieldsOfNeighbouringInstancesAreLatent() {
        // thread 0 writes a of one object, thread 1 b of another: placed one after the other, the first object's b
        // and the second's a are 36 bytes apart
        Run run = Run.of(ENDS_SIZE, 100, new Write(0, 0x10_0000L, FIRST), new Write(1, 0x10_1000L, LAST));

        assertEquals(0, run.misses());
        Finding f = only(run.findings());
        assertEquals(LATENT_FALSE_SHARING, f.kind());
        assertEquals(ENDS, f.className());
        assertEquals(Map.of("a", Set.of(0), "b", Set.of(1)), f.writers());
        Finding.Neighbours n = only(f.neighbours());
        assertEquals(new Finding.Neighbours("a", 0, ENDS + "::b", 1, false, 36, n.ratePerSecond()), n);
        assertTrue(n.ratePerSecond() >= DEFAULT.minEventsPerSecond(), n::toString);
        assertEquals(List.of(new PaddedClass(ENDS, List.of(List.of("a"), List.of("b")))),
                PLANNER.plan(run.findings()));
    }

    @Test
    void differentFieldsOfOneObjectFarApartAreNotLatent() {
        // the same two fields in one object: more than a line apart, and no neighbouring instance was written
        assertEquals(List.of(), Run.of(ENDS_SIZE, 100, new Write(0, 0x10_0000L, FIRST), new Write(1, 0x10_0000L, LAST))
                .findings());
    }

    @Test
    void differentFieldsOfNeighbouringInstancesFartherThanALineAreNotLatent() {
        Datum middle = Datum.field(ENDS, "b", 100, 8);
        assertEquals(List.of(), Run.of(256, 100, new Write(0, 0x10_0000L, FIRST), new Write(1, 0x10_1000L, middle))
                .findings(), "from b at 100 to the next instance's a: 256 - 100 + 20 = 176 bytes");
    }

    @Test
    void fieldsOfOneThreadAreNotLatent() {
        assertEquals(List.of(), Run.of(QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL), new Write(0, QUEUE_AT, HEAD))
                .findings());
        assertEquals(List.of(), Run.of(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE),
                new Write(0, 0x10_0100L, VALUE)).findings());
    }

    @Test
    void fieldsMoreThanALineApartAreNotLatent() {
        Datum far = Datum.field(QUEUE, "tail", 144, 8);
        assertEquals(List.of(), Run.of(160, 100, new Write(0, QUEUE_AT, far), new Write(1, QUEUE_AT, HEAD)).findings());
        // padded instances: seven longs either side of value, 136 bytes each
        Datum padded = Datum.field(COUNTER, "value", 72, 8);
        assertEquals(List.of(), Run.of(136, 100, new Write(0, 0x10_0000L, padded), new Write(1, 0x10_0100L, padded))
                .findings());
    }

    @Test
    void oneFieldWrittenByTwoThreadsIsTrueSharingNotLatent() {
        Run run = Run.of(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE), new Write(1, 0x10_0000L, VALUE));
        assertEquals(SharingKind.TRUE_SHARING, only(run.findings()).kind(), "observed; nothing latent");
    }

    @Test
    void rarelyWrittenFieldsAreNotLatent() {
        ContentionTracker tracker = new ContentionTracker(DEFAULT, RATIO, 64);
        for (int i = 0; i < 100; i++) { // one sampled write each per 100 ms: ~10,000 writes/s, below 100,000
            tracker.accessed(new Access(T0 + i * 100 * MS, 0, 0, QUEUE_AT + TAIL.offset(), true, TAIL, -1), QUEUE_SIZE);
            tracker.accessed(new Access(T0 + i * 100 * MS + MS, 1, 0, QUEUE_AT + HEAD.offset(), true, HEAD, -1),
                    QUEUE_SIZE);
        }
        tracker.evaluate(T0 + 10_000 * MS);
        assertEquals(List.of(), tracker.findings(SITES));
    }

    @Test
    void readsAreNotCounted() {
        ContentionTracker tracker = new ContentionTracker(DEFAULT, RATIO, 64);
        for (int i = 0; i < 100; i++) {
            tracker.accessed(new Access(T0 + i * MS, 0, 0, QUEUE_AT + TAIL.offset(), true, TAIL, -1), QUEUE_SIZE);
            tracker.accessed(new Access(T0 + i * MS, 1, 0, QUEUE_AT + HEAD.offset(), false, HEAD, -1), QUEUE_SIZE);
        }
        tracker.evaluate(T0 + 100 * MS);
        assertEquals(List.of(), tracker.findings(SITES));
    }

    @Test
    void observedFalseSharingAlsoPredictedIsOneFindingWithTheEvidence() {
        // the counters 32 bytes apart, both in one line: the misses are observed, and the prediction, which does not
        // depend on the placement, names the same field, as it would in a run that placed them apart
        Run run = Run.of(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE), new Write(1, 0x10_0020L, VALUE));
        assertTrue(run.misses() > 0);
        Finding f = only(run.findings());
        assertEquals(SharingKind.FALSE_SHARING, f.kind(), "observed wins");
        assertEquals(run.misses() - 1, f.sampled(), "the misses (the line's first is a hand-off), not the writes");
        assertEquals(List.of("value"), f.fields());
        assertEquals(Map.of("value", Set.of(0, 1)), f.writers());
        Finding.Neighbours n = only(f.neighbours());
        assertEquals(false, n.sameObject());
        assertEquals(32, n.span());
        assertEquals(List.of(new PaddedClass(COUNTER, List.of(List.of("value")))), PLANNER.plan(run.findings()));
    }

    @Test
    void fieldsOfOneObjectObservedAndPredictedAreOneFindingWithTheirPair() {
        // the queue placed at a line's start: head and tail share it in this run
        Run run = Run.of(QUEUE_SIZE, 100, new Write(0, 0x10_0000L, TAIL), new Write(1, 0x10_0000L, HEAD));
        Finding f = only(run.findings());
        assertEquals(SharingKind.FALSE_SHARING, f.kind());
        assertEquals(Set.of("head", "tail"), Set.copyOf(f.fields()));
        assertEquals(Map.of("head", Set.of(1), "tail", Set.of(0)), f.writers());
        assertTrue(only(f.neighbours()).sameObject());
        assertEquals(List.of(new PaddedClass(QUEUE, List.of(List.of("head"), List.of("tail")))),
                PLANNER.plan(run.findings()));
    }

    @Test
    void trueSharingObservedDoesNotTakeInTheFalseSharingPredicted() {
        // thread 0 and 1 both write one counter (true sharing) while 2 and 3 write their own neighbouring counters
        Run run = Run.of(COUNTER_SIZE, 100, new Write(0, 0x10_0000L, VALUE), new Write(1, 0x10_0000L, VALUE),
                new Write(2, 0x10_1000L, VALUE), new Write(3, 0x10_2000L, VALUE));
        assertEquals(List.of(SharingKind.TRUE_SHARING, LATENT_FALSE_SHARING),
                run.findings().stream().map(Finding::kind).toList());
    }

    private static <T> T only(List<T> list) {
        assertEquals(1, list.size(), list::toString);
        return list.get(0);
    }
}
