package io.jremix.core.cache;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CacheLineSimulatorTest {
    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;
    private static final int D = 3;

    private static final String QUEUE = "io.jremix.test.Queue";
    /** A Queue object at 0x1000: head at +0x10 and tail at +0x28, both on the 64-byte line 0x1000..0x103f. */
    private static final long OBJ = 0x1000;
    private static final Datum HEAD = Datum.field(QUEUE, "head", 0x10, 8);
    private static final Datum TAIL = Datum.field(QUEUE, "tail", 0x28, 8);
    private static final long HEAD_ADDR = OBJ + HEAD.offset(); // 0x1010
    private static final long TAIL_ADDR = OBJ + TAIL.offset(); // 0x1028

    private static final String COUNTER = "io.jremix.test.Counter";
    private static final Datum VALUE = Datum.field(COUNTER, "value", 16, 8);
    private static final long VALUE_ADDR = 0x2010;

    private final Trace trace = new Trace();

    private static List<SharingKind> kinds(List<CoherenceMiss> misses) {
        return misses.stream().map(CoherenceMiss::kind).toList();
    }

    private static Map<Integer, Long> missesPerThread(List<CoherenceMiss> misses) {
        return misses.stream().collect(Collectors.groupingBy(m -> m.access().thread(), Collectors.counting()));
    }

    /** Field {@code f<i>}: 8 bytes at offset 8*i of a Queue object. */
    private static Datum slot(int i) {
        return Datum.field(QUEUE, "f" + i, 8 * i, 8);
    }

    // ---- 1. false sharing ---------------------------------------------------------------------------------

    @Test
    void falseSharing_twoThreadsAlternatelyWriteTwoFieldsOnOneLine() {
        int rounds = 10;
        for (int i = 0; i < rounds; i++) {
            trace.write(A, HEAD_ADDR, HEAD).write(B, TAIL_ADDR, TAIL);
        }

        List<CoherenceMiss> misses = trace.replay();

        // every access but the very first finds the line modified by the other thread
        assertEquals(2 * rounds - 1, misses.size());
        for (CoherenceMiss m : misses) {
            boolean byA = m.access().thread() == A;
            assertAll(
                    () -> assertEquals(SharingKind.FALSE_SHARING, m.kind()),
                    () -> assertEquals(byA ? B : A, m.owner()),
                    () -> assertEquals(List.of(byA ? TAIL : HEAD), m.ownerWrites(),
                            "ownerWrites names the field the other thread wrote"));
        }
    }

    @Test
    void falseSharing_missCarriesTheAccessThatMissed() {
        List<CoherenceMiss> misses = trace.write(A, HEAD_ADDR, HEAD).write(B, TAIL_ADDR, TAIL).replay();

        assertEquals(1, misses.size());
        assertEquals(trace.accesses().get(1), misses.get(0).access());
    }

    @Test
    void falseSharing_everyAccessButTheFirstMisses_perThread() {
        for (int i = 0; i < 10; i++) {
            trace.write(A, HEAD_ADDR, HEAD).write(B, TAIL_ADDR, TAIL);
        }
        Map<Integer, Long> perThread = missesPerThread(trace.replay());

        assertEquals(Map.of(A, 9L, B, 10L), perThread);
    }

    // ---- 2. true sharing ----------------------------------------------------------------------------------

    @Test
    void trueSharing_twoThreadsAlternatelyWriteTheSameBytes() {
        for (int i = 0; i < 10; i++) {
            trace.write(A, VALUE_ADDR, VALUE).write(B, VALUE_ADDR, VALUE);
        }

        List<CoherenceMiss> misses = trace.replay();

        assertEquals(19, misses.size());
        assertTrue(misses.stream().allMatch(m -> m.kind() == SharingKind.TRUE_SHARING), kinds(misses)::toString);
        assertTrue(misses.stream().allMatch(m -> m.ownerWrites().equals(List.of(VALUE))));
    }

    @Test
    void trueSharing_twoThreadsAlternatelyReadModifyWriteTheSameBytes() {
        for (int i = 0; i < 10; i++) {
            for (int t : new int[] {A, B}) {
                trace.read(t, VALUE_ADDR, VALUE).write(t, VALUE_ADDR, VALUE);
            }
        }

        List<CoherenceMiss> misses = trace.replay();

        // each read misses on the other thread's increment; the write that follows upgrades a shared line
        assertEquals(19, misses.size());
        assertTrue(misses.stream().allMatch(m -> m.kind() == SharingKind.TRUE_SHARING));
        assertTrue(misses.stream().noneMatch(m -> m.access().write()));
    }

    // ---- 3. read sharing ----------------------------------------------------------------------------------

    /** One write by A, then B, C and D read the value 100 times each, interleaved. */
    private Trace readSharingTrace() {
        trace.write(A, VALUE_ADDR, VALUE);
        for (int i = 0; i < 100; i++) {
            for (int reader : new int[] {B, C, D}) {
                trace.read(reader, VALUE_ADDR, VALUE);
            }
        }
        return trace;
    }

    @Test
    void readSharing_oneWriteThenManyReaders_atMostOneMissPerReader() {
        List<CoherenceMiss> misses = readSharingTrace().replay();

        Map<Integer, Long> perThread = missesPerThread(misses);
        assertTrue(perThread.values().stream().allMatch(n -> n <= 1), perThread::toString);
        assertTrue(misses.size() <= 3, "no miss storm: " + misses.size());
        // the first read after the write does see the modified line, and reads the bytes A wrote
        assertEquals(1, misses.size());
        assertEquals(SharingKind.TRUE_SHARING, misses.get(0).kind());
        assertEquals(B, misses.get(0).access().thread());
        assertEquals(A, misses.get(0).owner());
    }

    @Test
    void readSharing_throughContentionTracker_yieldsNoFinding() {
        long start = 5_000_000_000L;
        trace.at(start).step(1_000); // one sampled access per microsecond
        List<CoherenceMiss> misses = readSharingTrace().replay();
        ContentionTracker tracker = new ContentionTracker(Thresholds.withRate(Thresholds.DEFAULT_EVENTS_PER_SECOND),
                1_000);
        misses.forEach(tracker::record);

        assertEquals(0, tracker.evaluate(start + 1_000_000_000L));
        assertTrue(tracker.findings(id -> "site" + id).isEmpty());
        assertTrue(tracker.findings(id -> "").isEmpty());
        assertEquals(misses.size(), tracker.handoffs() + tracker.misses());
    }

    @Test
    void readSharing_oldOwnerHitsAfterAReadLeftTheLineShared() {
        List<CoherenceMiss> misses = trace
                .write(A, VALUE_ADDR, VALUE)
                .read(B, VALUE_ADDR, VALUE)   // miss; the line is now shared
                .read(A, VALUE_ADDR, VALUE)   // hit
                .write(A, VALUE_ADDR, VALUE)  // upgrade of a shared line: no HITM
                .read(A, VALUE_ADDR, VALUE)
                .replay();

        assertEquals(1, misses.size());
        assertEquals(B, misses.get(0).access().thread());
    }

    // ---- 4. single thread ---------------------------------------------------------------------------------

    @Test
    void singleThread_manyFieldsOnTheSameLines_noMisses() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 1024);
        for (int round = 0; round < 20; round++) {
            for (int i = 2; i < 16; i++) { // 14 fields over two lines, 0x1010..0x107f
                Datum f = slot(i);
                trace.read(A, OBJ + f.offset(), f).write(A, OBJ + f.offset(), f);
            }
        }

        assertTrue(trace.replay(sim).isEmpty());
        assertEquals(20 * 14 * 2, sim.accesses());
        assertEquals(2, sim.trackedLines());
    }

    // ---- 5. GC epochs -------------------------------------------------------------------------------------

    @Test
    void gcEpoch_newEpochForgetsLines_firstAccessIsCold() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 1024);
        trace.epoch(0).write(A, VALUE_ADDR, VALUE).write(A, HEAD_ADDR, HEAD)
                .epoch(1).write(B, VALUE_ADDR, VALUE).read(B, HEAD_ADDR, HEAD);

        assertTrue(trace.replay(sim).isEmpty(), "no miss across the epoch boundary");
        assertEquals(4, sim.accesses());
        assertEquals(0, sim.staleAccesses());
        assertEquals(2, sim.trackedLines());
    }

    @Test
    void gcEpoch_modelKeepsWorkingWithinTheNewEpoch() {
        List<CoherenceMiss> misses = trace.epoch(0).write(A, VALUE_ADDR, VALUE)
                .epoch(1).write(B, VALUE_ADDR, VALUE).write(A, VALUE_ADDR, VALUE)
                .replay();

        assertEquals(1, misses.size());
        assertEquals(1, misses.get(0).access().epoch());
        assertEquals(B, misses.get(0).owner());
    }

    @Test
    void startingAfreshForgetsLinesAndIgnoresAccessesRecordedBefore() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 1024);
        trace.at(100).write(A, VALUE_ADDR, VALUE);
        trace.replay(sim);
        sim.startAfresh(200);
        Trace next = new Trace().at(150).write(B, VALUE_ADDR, VALUE) // recorded before, drained after: ignored
                .at(250).write(C, VALUE_ADDR, VALUE).write(C, VALUE_ADDR, VALUE); // the same thread, renumbered

        assertTrue(next.replay(sim).isEmpty(), "no miss on a line written in the earlier window, nor on B's write");
        assertEquals(1, sim.staleAccesses());
        assertEquals(List.of(SharingKind.TRUE_SHARING),
                kinds(new Trace().at(300).write(A, VALUE_ADDR, VALUE).replay(sim)), "the model goes on within the window");
    }

    @Test
    void gcEpoch_accessesOfAnOlderEpochAreIgnoredAndCounted() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 1024);
        trace.epoch(1).write(A, VALUE_ADDR, VALUE)
                .epoch(0).write(B, VALUE_ADDR, VALUE).read(C, VALUE_ADDR, VALUE) // stale
                .epoch(1).write(A, VALUE_ADDR, VALUE); // still owned by A: had B's write counted, this would miss

        List<CoherenceMiss> misses = new ArrayList<>();
        for (Access a : trace.accesses()) {
            CoherenceMiss m = sim.access(a);
            if (a.epoch() == 0) {
                assertNull(m, "a stale access never misses");
            }
            if (m != null) {
                misses.add(m);
            }
        }

        assertTrue(misses.isEmpty());
        assertEquals(2, sim.staleAccesses());
        assertEquals(2, sim.accesses());
        assertEquals(1, sim.trackedLines());
    }

    // ---- 6. separate lines and line size ------------------------------------------------------------------

    /** A and B alternately write two fields 64 bytes apart: 0x1000 and 0x1040. */
    private Trace sixtyFourBytesApart() {
        Datum x = Datum.field(QUEUE, "x", 0x10, 8);
        Datum y = Datum.field(QUEUE, "y", 0x50, 8);
        for (int i = 0; i < 10; i++) {
            trace.write(A, 0x1000, x).write(B, 0x1040, y);
        }
        return trace;
    }

    @Test
    void separateLines_writes64BytesApart_noMissesWith64ByteLines() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 1024);

        assertTrue(sixtyFourBytesApart().replay(sim).isEmpty());
        assertEquals(2, sim.trackedLines());
    }

    @Test
    void separateLines_sameAddressesMissWith128ByteLines() {
        CacheLineSimulator sim = new CacheLineSimulator(128, 1024);

        List<CoherenceMiss> misses = sixtyFourBytesApart().replay(sim);

        assertEquals(128, sim.lineSize());
        assertEquals(19, misses.size());
        assertTrue(misses.stream().allMatch(m -> m.kind() == SharingKind.FALSE_SHARING));
        assertEquals(1, sim.trackedLines());
    }

    @Test
    void separateLines_accessIsClippedAtTheEndOfItsLine() {
        Datum straddling = Datum.field(QUEUE, "wide", 0x3c, 8); // bytes 0x103c..0x1043
        Datum next = Datum.field(QUEUE, "next", 0x40, 8);       // first bytes of the next line

        List<CoherenceMiss> misses = trace.write(A, OBJ + 0x3c, straddling).write(B, OBJ + 0x40, next).replay();

        assertTrue(misses.isEmpty(), misses::toString);
    }

    // ---- 7. read/write overlap decides the kind -----------------------------------------------------------

    @Test
    void overlap_readOfModifiedLineNotOverlappingOwnerBytes_isFalseSharing() {
        List<CoherenceMiss> misses = trace.write(A, HEAD_ADDR, HEAD).read(B, TAIL_ADDR, TAIL).replay();

        assertEquals(List.of(SharingKind.FALSE_SHARING), kinds(misses));
        assertEquals(List.of(HEAD), misses.get(0).ownerWrites());
    }

    @Test
    void overlap_writeOverlappingOwnerBytes_isTrueSharing() {
        List<CoherenceMiss> misses = trace.write(A, HEAD_ADDR, HEAD).write(B, HEAD_ADDR, HEAD).replay();

        assertEquals(List.of(SharingKind.TRUE_SHARING), kinds(misses));
    }

    @Test
    void overlap_partialOverlapIsTrueSharing_adjacentBytesAreNot() {
        Datum lowHalf = Datum.field(QUEUE, "lo", 0x10, 4);
        Datum highHalf = Datum.field(QUEUE, "hi", 0x14, 4);
        Datum before = Datum.field(QUEUE, "before", 0x08, 8); // ends at 0x100f, just before HEAD

        assertEquals(List.of(SharingKind.TRUE_SHARING),
                kinds(new Trace().write(A, HEAD_ADDR, HEAD).write(B, OBJ + 0x14, highHalf).replay()));
        assertEquals(List.of(SharingKind.FALSE_SHARING),
                kinds(new Trace().write(A, HEAD_ADDR, lowHalf).read(B, OBJ + 0x14, highHalf).replay()));
        assertEquals(List.of(SharingKind.FALSE_SHARING),
                kinds(new Trace().write(A, HEAD_ADDR, HEAD).read(B, OBJ + 0x08, before).replay()));
    }

    @Test
    void overlap_writtenBytesAreForgottenWhenOwnershipMoves() {
        List<CoherenceMiss> misses = trace
                .write(A, HEAD_ADDR, HEAD)   // A owns {head}
                .write(B, TAIL_ADDR, TAIL)   // false; B owns {tail}
                .write(A, TAIL_ADDR, TAIL)   // true: overlaps tail; A owns {tail}
                .read(B, HEAD_ADDR, HEAD)    // false: A's earlier head write belongs to an older ownership
                .replay();

        assertEquals(List.of(SharingKind.FALSE_SHARING, SharingKind.TRUE_SHARING, SharingKind.FALSE_SHARING),
                kinds(misses));
        assertEquals(List.of(TAIL), misses.get(2).ownerWrites());
    }

    @Test
    void overlap_ownerWritesListEachDatumOnceInWriteOrder() {
        List<CoherenceMiss> misses = trace
                .write(A, HEAD_ADDR, HEAD).write(A, TAIL_ADDR, TAIL).write(A, HEAD_ADDR, HEAD)
                .read(B, OBJ + 0x30, Datum.field(QUEUE, "other", 0x30, 8))
                .replay();

        assertEquals(1, misses.size());
        assertEquals(List.of(HEAD, TAIL), misses.get(0).ownerWrites());
    }

    @Test
    void overlap_ownerWritesAreBoundedButBytesAreStillTracked() {
        for (int i = 0; i < 8; i++) { // g0..g7, then g8 and g9: ten 4-byte fields at 0x1000..0x1027
            Datum f = Datum.field(QUEUE, "g" + i, 4 * i, 4);
            trace.write(A, OBJ + f.offset(), f);
        }
        Datum g8 = Datum.field(QUEUE, "g8", 32, 4);
        Datum g9 = Datum.field(QUEUE, "g9", 36, 4);
        trace.write(A, OBJ + 32, g8).write(A, OBJ + 36, g9).read(B, OBJ + 36, g9);

        List<CoherenceMiss> misses = trace.replay();

        assertEquals(1, misses.size());
        assertEquals(8, misses.get(0).ownerWrites().size());
        assertEquals(SharingKind.TRUE_SHARING, misses.get(0).kind(), "g9's bytes count even when not listed");
    }

    @Test
    void overlap_spscProducerConsumer_bothKindsAppear() {
        int producer = A;
        int consumer = B;
        for (int i = 0; i < 5; i++) {
            trace.write(producer, TAIL_ADDR, TAIL)    // publish
                    .read(consumer, TAIL_ADDR, TAIL)  // poll: reads the very bytes the producer wrote
                    .write(consumer, HEAD_ADDR, HEAD); // consume
        }

        List<CoherenceMiss> misses = trace.replay();

        assertEquals(SharingKind.TRUE_SHARING, misses.get(0).kind());
        List<CoherenceMiss> trueMisses = misses.stream().filter(m -> m.kind() == SharingKind.TRUE_SHARING).toList();
        List<CoherenceMiss> falseMisses = misses.stream().filter(m -> m.kind() == SharingKind.FALSE_SHARING).toList();
        assertEquals(5, trueMisses.size());
        assertEquals(4, falseMisses.size());
        for (CoherenceMiss m : trueMisses) { // consumer reading tail
            assertEquals(consumer, m.access().thread());
            assertEquals(TAIL, m.access().datum());
            assertEquals(List.of(TAIL), m.ownerWrites());
        }
        for (CoherenceMiss m : falseMisses) { // producer's tail write against the consumer's head
            assertEquals(producer, m.access().thread());
            assertEquals(consumer, m.owner());
            assertEquals(List.of(HEAD), m.ownerWrites());
        }
    }

    // ---- 8. maxLines bound --------------------------------------------------------------------------------

    @Test
    void maxLines_tableIsResetWhenFull() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 2);
        Datum f = slot(0);
        long[] lines = {0x1000, 0x2000, 0x3000, 0x1000, 0x2000};
        for (long address : lines) {
            assertNull(sim.access(new Access(0, A, 0, address, true, f, -1)));
            assertTrue(sim.trackedLines() <= 2, () -> "tracked " + sim.trackedLines());
        }

        // 0x3000 overflowed the table (reset 1, tracked {3}); 0x1000 came back (tracked {3, 1}); 0x2000 reset again
        assertEquals(2, sim.resets());
        assertEquals(1, sim.trackedLines());
        assertEquals(5, sim.accesses());
    }

    @Test
    void maxLines_resetForgetsOwnership() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 2);
        List<CoherenceMiss> misses = trace
                .write(A, 0x1000, slot(0))
                .write(A, 0x2000, slot(0))
                .write(A, 0x3000, slot(0)) // reset
                .write(B, 0x1000, slot(0)) // cold again: no miss
                .replay(sim);

        assertTrue(misses.isEmpty());
        assertEquals(1, sim.resets());
    }

    @Test
    void maxLines_accessesToTrackedLinesDoNotReset() {
        CacheLineSimulator sim = new CacheLineSimulator(64, 2);
        for (int i = 0; i < 50; i++) {
            trace.write(i % 2, 0x1000, slot(0)).write(i % 2, 0x2008, slot(1));
        }

        assertEquals(98, trace.replay(sim).size());
        assertEquals(0, sim.resets());
        assertEquals(2, sim.trackedLines());
    }

    // ---- 9. constructor -----------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -64, 0, 1, 2, 4, 7, 12, 48, 96, 100, 513, 1024, 4096})
    void constructor_rejectsBadLineSizes(int lineSize) {
        assertThrows(IllegalArgumentException.class, () -> new CacheLineSimulator(lineSize, 16));
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 16, 32, 64, 128, 256, 512})
    void constructor_acceptsPowersOfTwoFrom8To512(int lineSize) {
        CacheLineSimulator sim = new CacheLineSimulator(lineSize, 16);

        assertEquals(lineSize, sim.lineSize());
        assertEquals(0, sim.accesses());
        assertEquals(0, sim.trackedLines());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void constructor_rejectsNonPositiveMaxLines(int maxLines) {
        assertThrows(IllegalArgumentException.class, () -> new CacheLineSimulator(64, maxLines));
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 512})
    void lineSize_extremesTrackEveryByteOfTheLine(int lineSize) {
        Datum last = Datum.field(QUEUE, "last", lineSize - 1, 1);
        long base = 0x10000;
        CacheLineSimulator sim = new CacheLineSimulator(lineSize, 16);
        List<CoherenceMiss> misses = trace
                .write(A, base + lineSize - 1, last)
                .read(B, base, Datum.field(QUEUE, "first", 0, 1))
                .write(A, base + lineSize - 1, last)
                .write(B, base + lineSize - 1, last)
                .replay(sim);

        assertEquals(List.of(SharingKind.FALSE_SHARING, SharingKind.TRUE_SHARING), kinds(misses));
        assertEquals(1, sim.trackedLines());
    }
}
