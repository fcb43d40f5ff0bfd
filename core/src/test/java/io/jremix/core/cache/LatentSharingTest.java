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
     * Replays accesses, one a millisecond, through the coherence model into the tracker, as the agent does, and counts
     * the misses.
     */
    private record Run(ContentionTracker tracker, long misses) {
        /** {@code writes} rounds of the given accesses: the threads access at the same time. */
        static Run of(int objectSize, int writes, Write... each) {
            return of(DEFAULT, new ThreadTimes(2), MS, objectSize, writes, each);
        }

        /** As {@link #of(int, int, Write...)}, one round every {@code stepNanos}, against the given thresholds. */
        static Run of(Thresholds thresholds, ThreadTimes times, long stepNanos, int objectSize, int rounds,
                      Write... each) {
            List<Write> order = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                order.addAll(List.of(each));
            }
            return replay(thresholds, times, stepNanos / each.length, objectSize, order);
        }

        /** Each write {@code writes} times before the next: the threads take turns. */
        static Run inTurn(int objectSize, int writes, Write... each) {
            List<Write> order = new ArrayList<>();
            for (Write w : each) {
                order.addAll(Collections.nCopies(writes, w));
            }
            return replay(DEFAULT, new ThreadTimes(2), MS, objectSize, order);
        }

        private static Run replay(Thresholds thresholds, ThreadTimes times, long stepNanos, int objectSize,
                                  List<Write> order) {
            ContentionTracker tracker = new ContentionTracker(thresholds, RATIO, 64, times);
            CacheLineSimulator lines = new CacheLineSimulator(64, 1024);
            long misses = 0;
            long time = T0;
            for (Write w : order) {
                Access a = new Access(time, w.thread, 0, w.address + w.datum.offset(), w.write, w.datum, 7);
                tracker.accessed(a, objectSize);
                CoherenceMiss m = lines.access(a);
                if (m != null) {
                    tracker.record(m);
                    misses++;
                }
                time += stepNanos;
            }
            tracker.evaluate(time);
            return new Run(tracker, misses);
        }

        List<Finding> findings() {
            return tracker.findings(SITES);
        }
    }

    /** A sampled access: a write, unless made by {@link #read}. */
    private record Write(int thread, long address, Datum datum, boolean write) {
        Write(int thread, long address, Datum datum) {
            this(thread, address, datum, true);
        }

        static Write read(int thread, long address, Datum datum) {
            return new Write(thread, address, datum, false);
        }
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
                n.ratePerSecond(), Finding.Reads.NONE, n.costShare()), n);
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
        assertEquals(new Finding.Neighbours("a", 0, ENDS + "::b", 1, false, 36, n.ratePerSecond(), Finding.Reads.NONE,
                n.costShare()), n);
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

    /** The rule jremix decides by unless {@code -XX:REMIXThreshold} is given. */
    private static final Thresholds BY_COST = Thresholds.withCostShare(Thresholds.DEFAULT_COST_SHARE);

    @Test
    void aWriterAndAThreadThatOnlyReadsTheFieldBesideItAreLatent() {
        // a consumer polling its head next to the tail a producer writes, the two on different lines in this run
        Run run = Run.of(BY_COST, new ThreadTimes(2), MS, QUEUE_SIZE, 400, new Write(0, QUEUE_AT, TAIL),
                Write.read(1, QUEUE_AT, HEAD));

        assertEquals(0, run.misses(), "this placement keeps head and tail on different lines");
        Finding f = only(run.findings());
        assertEquals(LATENT_FALSE_SHARING, f.kind());
        assertEquals(QUEUE, f.className());
        assertEquals(List.of("tail", "head"), f.fields(), "the field written, then the one only read");
        assertEquals(Map.of("tail", Set.of(0)), f.writers(), "the reader writes nothing");
        assertEquals(List.of(new Finding.Hit("tail[48]", 400)), f.hits(), "the writes that would contend");
        Finding.Neighbours n = only(f.neighbours());
        assertEquals(new Finding.Neighbours("tail", 0, QUEUE + "::head", 1, true, 40, n.ratePerSecond(),
                Finding.Reads.OTHER, n.costShare()), n);
        // 400 sampled accesses each in 0.4 s at 1:1000: a million a second; the reader misses after each write
        assertEquals(1e6, n.ratePerSecond(), 2e4, "from the first access to the last, 396 ms");
        assertEquals(Thresholds.predictedShare(1e6, 1e6, false), n.costShare(), 2e-2 * n.costShare());
        assertEquals(n.costShare(), f.costShare());
        assertEquals(List.of(new PaddedClass(QUEUE, List.of(List.of("tail")))), PLANNER.plan(run.findings()),
                "the written field is padded away from the one read");
        assertEquals(List.of(), Run.of(BY_COST, new ThreadTimes(2), MS, QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL),
                Write.read(0, QUEUE_AT, HEAD)).findings(), "a thread that reads beside its own writes");
    }

    @Test
    void aReaderIsLatentWithTheProgramsOwnFieldNamedBesideTheInheritedOne() {
        // a queue extending a JDK class: the producer writes the inherited value, the consumer reads its own field
        Datum inherited = Datum.field("java.util.concurrent.atomic.AtomicReference", "value", 12, 4);
        Datum own = Datum.field("p.MpscQueue", "tail", 16, 4);
        Run run = Run.of(BY_COST, new ThreadTimes(2), MS, 24, 100, new Write(0, 0x10_0000L + 48, inherited),
                Write.read(1, 0x10_0000L + 48, own));

        assertEquals(0, run.misses(), "a line boundary between value, at 60, and tail");
        List<Finding> findings = run.findings();
        assertEquals(List.of("p.MpscQueue", "java.util.concurrent.atomic.AtomicReference"),
                findings.stream().map(Finding::className).toList(), "the program's class first");
        Finding program = findings.get(0);
        assertEquals(List.of("tail"), program.fields());
        assertEquals(Map.of(), program.writers(), "nothing of the program's class is written");
        assertEquals(new Finding.Neighbours("tail", 1, "java.util.concurrent.atomic.AtomicReference::value", 0, true,
                8, only(program.neighbours()).ratePerSecond(), Finding.Reads.FIELD,
                only(program.neighbours()).costShare()), only(program.neighbours()));
        assertTrue(program.firstMissNanos() <= program.detectedNanos(), "from its first read");
    }

    @Test
    void aReadMostlyFieldBesideARarelyWrittenOneIsNotLatent() {
        // a config read at every step beside a version bumped 5 times a second (sampled): ~5,000 writes a second cost
        // the reader at most what 5,000 misses do, 0.0125% of the two threads' time
        Run run = Run.of(BY_COST, new ThreadTimes(2), 200 * MS, QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL),
                Write.read(1, QUEUE_AT, HEAD));
        assertEquals(List.of(), run.findings());
        Run asOften = Run.of(BY_COST, new ThreadTimes(2), MS, QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL),
                Write.read(1, QUEUE_AT, HEAD));
        assertEquals(1, asOften.findings().size(), "the same written as often as read: the control of the above");
    }

    @Test
    void fieldsReadByManyThreadsAndWrittenByNoneAreNotLatent() {
        // written once (a constructor), then read by three threads at every step
        List<Write> order = new ArrayList<>(List.of(new Write(0, QUEUE_AT, TAIL)));
        for (int t = 1; t <= 3; t++) {
            order.add(Write.read(t, QUEUE_AT, HEAD));
            order.add(Write.read(t, QUEUE_AT, TAIL));
        }
        Run run = Run.of(BY_COST, new ThreadTimes(4), MS, QUEUE_SIZE, 100, order.toArray(Write[]::new));
        assertEquals(1, run.findings().stream().filter(f -> f.kind() == SharingKind.TRUE_SHARING).count(),
                "the writes the constructor made each round, read by the others: " + run.findings());
        List<Write> readOnly = List.of(Write.read(1, QUEUE_AT, HEAD), Write.read(2, QUEUE_AT, TAIL),
                Write.read(3, QUEUE_AT, HEAD));
        assertEquals(List.of(), Run.of(BY_COST, new ThreadTimes(4), MS, QUEUE_SIZE, 100,
                readOnly.toArray(Write[]::new)).findings(), "read, never written");
    }

    @Test
    void aFieldReadBesideOneItsWriterAlsoWritesIsTrueSharingNotLatent() {
        // thread 0 writes tail and head, thread 1 reads head: what it misses there thread 0 wrote (true sharing)
        Run run = Run.of(BY_COST, new ThreadTimes(2), MS, QUEUE_SIZE, 100, new Write(0, QUEUE_AT, TAIL),
                new Write(0, QUEUE_AT, HEAD), Write.read(1, QUEUE_AT, HEAD));
        assertEquals(List.of(SharingKind.TRUE_SHARING), run.findings().stream().map(Finding::kind).toList());
    }

    @Test
    void aFieldItsReaderAlsoWritesIsOneWrittenPair() {
        // a consumer that reads and writes its head beside the producer's tail: the pair of two written fields, once
        Run run = Run.of(BY_COST, new ThreadTimes(2), MS, QUEUE_SIZE, 400, new Write(0, QUEUE_AT, TAIL),
                Write.read(1, QUEUE_AT, HEAD), new Write(1, QUEUE_AT, HEAD));
        Finding.Neighbours n = only(only(run.findings()).neighbours());
        assertEquals(Finding.Reads.NONE, n.reads());
        assertEquals(Set.of("head", "tail"), Set.of(n.field(), n.other().substring(QUEUE.length() + 2)));
    }

    @Test
    void aPredictionCostsWhatItWouldIfTheThreadsRanAtOnce() {
        // on a loaded machine each thread is on a core half the time and accesses half as often a wall second
        ThreadTimes halfTheTime = new ThreadTimes(2);
        ThreadTimes allTheTime = new ThreadTimes(2);
        for (int t = 0; t < 2; t++) {
            halfTheTime.read(t, T0, 0);
            halfTheTime.read(t, T0 + 400 * MS, 200 * MS);
            allTheTime.read(t, T0, 0);
            allTheTime.read(t, T0 + 400 * MS, 400 * MS);
        }
        Finding.Neighbours loaded = only(only(Run.of(BY_COST, halfTheTime, 2 * MS, QUEUE_SIZE, 400,
                new Write(0, QUEUE_AT, TAIL), new Write(1, QUEUE_AT, HEAD)).findings()).neighbours());
        Finding.Neighbours quiet = only(only(Run.of(BY_COST, allTheTime, MS, QUEUE_SIZE, 400,
                new Write(0, QUEUE_AT, TAIL), new Write(1, QUEUE_AT, HEAD)).findings()).neighbours());

        assertEquals(quiet.ratePerSecond() / 2, loaded.ratePerSecond(), 1e-6 * quiet.ratePerSecond());
        assertEquals(quiet.costShare(), loaded.costShare(), 1e-6 * quiet.costShare());
        assertEquals(Thresholds.predictedShare(1e6, 1e6, true), quiet.costShare(), 2e-2 * quiet.costShare());
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
