package io.jremix.agent.park;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

import io.jremix.core.park.ParkOrigin;
import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSite;
import io.jremix.report.park.ParkRun;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockerTableTest {
    private static final ParkOrigin ORIGIN = new ParkOrigin("t", List.of());

    @Test
    void blockersAreFoundByIdentity() {
        BlockerTable table = new BlockerTable(0, 10);
        String a = new String("x");
        String b = new String("x");
        assertSame(table.recordFor(a), table.recordFor(a));
        assertNotSame(table.recordFor(a), table.recordFor(b), "equal but distinct blockers have their own records");
        assertEquals("java.lang.String", table.recordFor(a).className());
        assertEquals(System.identityHashCode(a), table.recordFor(a).identityHash());
        assertEquals(2, table.sweep(false).blockers().size());
    }

    /** Threads that first park on one blocker at once, as a pool on a new queue, all get its one record. */
    @Test
    void threadsAddingOneBlockerAtOnceShareItsRecord() throws Exception {
        for (int round = 0; round < 200; round++) {
            BlockerTable table = new BlockerTable(0, 2);
            Object blocker = new Object();
            CyclicBarrier start = new CyclicBarrier(4);
            ParkRecord[] found = new ParkRecord[4];
            Thread[] threads = new Thread[4];
            for (int t = 0; t < 4; t++) {
                int i = t;
                threads[t] = new Thread(() -> {
                    await(start);
                    found[i] = table.recordFor(blocker);
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            for (ParkRecord r : found) {
                assertSame(found[0], r);
            }
            assertNotNull(table.recordFor(new Object()), "one record counted for the blocker, room for another");
            assertEquals(2, table.sweep(false).blockers().size());
            assertEquals(0, table.untrackedParks());
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void arrayBlockersAreNamedAsJavaSpellsThem() {
        assertEquals("java.lang.Object[]", new BlockerTable(0, 10).recordFor(new Object[0]).className());
    }

    @Test
    void recordsDoNotKeepBlockersAliveAndStayUntilDropped() throws InterruptedException {
        BlockerTable table = new BlockerTable(0, 10);
        Object kept = new Object();
        park(table, kept);
        WeakReference<Object> dropped = parkOnGarbage(table);
        for (int i = 0; i < 50 && dropped.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(dropped.get(), "the table must not keep the blocker alive");

        BlockerTable.Sweep kept1 = table.sweep(false);
        assertEquals(2, kept1.blockers().size());
        assertEquals(0, kept1.dropped());
        assertEquals(1, kept1.blockers().stream().filter(ParkRun.Blocker::collected).count());

        BlockerTable.Sweep freeing = table.sweep(true);
        assertEquals(2, freeing.blockers().size(), "a dropped record is in the sweep that drops it");
        assertEquals(1, freeing.dropped());

        BlockerTable.Sweep after = table.sweep(true);
        assertEquals(1, after.blockers().size());
        assertFalse(after.blockers().get(0).collected());
        assertEquals(1, after.blockers().get(0).stats().timesParked());
        assertSame(table.recordFor(kept), table.recordFor(kept));
    }

    @Test
    void aFullTableCountsParksOnNewBlockers() {
        BlockerTable table = new BlockerTable(0, 2);
        Object a = new Object();
        Object b = new Object();
        assertTrue(table.recordFor(a) != null && table.recordFor(b) != null);
        assertNull(table.recordFor(new Object()));
        assertNull(table.recordFor(new Object()));
        assertSame(table.recordFor(a), table.recordFor(a), "known blockers are still found");
        assertEquals(2, table.untrackedParks());
    }

    @Test
    void collectedBlockersMakeRoomAndKeepTheirClassInARetiredRow() throws InterruptedException {
        BlockerTable table = new BlockerTable(0, 2);
        Object live = new Object();
        park(table, live);
        for (int i = 0; i < 5; i++) {
            parkOnGarbageOnceThereIsRoom(table); // each waits for the previous one's record to leave the table
        }
        List<ParkRun.Blocker> rows = table.sweep(false).blockers();
        assertEquals(6, rows.stream().filter(b -> b.stats().className().equals("java.lang.Object"))
                .mapToLong(b -> b.stats().timesParked()).sum(), "every park kept its class: " + rows);
        assertTrue(rows.stream().anyMatch(b -> b.collected() && b.blockers() == 4),
                "the four collected blockers share one row: " + rows);
        assertSame(table.recordFor(live), table.recordFor(live));
    }

    /**
     * The over-count of a dump: a record retired while a sweep ran was counted twice, once in its stripe
     * and once in its retired row, had the sweep passed its stripe first; or not at all, between its unlink and its
     * retired row. Every sweep made while collected records retire must count each park once.
     */
    @Test
    void aSweepWhileCollectedRecordsRetireCountsEachParkOnce() throws InterruptedException {
        int blockers = 20_000;
        BlockerTable table = new BlockerTable(0, 2 * blockers);
        WeakReference<Object> last = null;
        for (int i = 0; i < blockers; i++) {
            last = parkOnGarbage(table);
        }
        for (int i = 0; i < 100 && last.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(last.get());
        Thread.sleep(100); // the reference handler queues the collected entries
        Thread retiring = new Thread(() -> table.recordFor(new Object())); // a new blocker retires the collected
        retiring.start();
        int sweeps = 0;
        while (retiring.isAlive() || sweeps == 0) {
            long parks = table.sweep(false).blockers().stream()
                    .filter(b -> b.stats().className().equals(Garbage.class.getName()))
                    .mapToLong(b -> b.stats().timesParked()).sum();
            assertEquals(blockers, parks, "sweep " + ++sweeps);
        }
        retiring.join();
    }

    @Test
    void recordsGetTheCollectionThreshold() {
        BlockerTable table = new BlockerTable(2, 10);
        Object blocker = new Object();
        park(table, blocker);
        assertFalse(table.sweep(false).blockers().get(0).stats().collecting());
        park(table, blocker);
        assertTrue(table.sweep(false).blockers().get(0).stats().collecting());
    }

    private static void park(BlockerTable table, Object blocker) {
        ParkRecord r = table.recordFor(blocker);
        r.parking(System.nanoTime(), new ParkSite(ORIGIN));
        r.unparked(System.nanoTime());
    }

    /**
     * Parks once on a new blocker that is garbage after this method, as soon as the full table has room: when the
     * GC has collected an earlier blocker and the reference handler has queued its entry.
     */
    private static void parkOnGarbageOnceThereIsRoom(BlockerTable table) throws InterruptedException {
        Object garbage = new Object();
        ParkRecord r = table.recordFor(garbage);
        for (int attempt = 0; attempt < 100 && r == null; attempt++) {
            System.gc();
            Thread.sleep(10);
            r = table.recordFor(garbage);
        }
        assertNotNull(r, "a collected blocker's record made room for a new one");
        r.parking(System.nanoTime(), new ParkSite(ORIGIN));
        r.unparked(System.nanoTime());
    }

    /** A blocker class of its own, told apart from the tests' other blockers. */
    private static final class Garbage {
    }

    /** In a method of its own, so no local of the test keeps the blocker reachable. */
    private static WeakReference<Object> parkOnGarbage(BlockerTable table) {
        Object garbage = new Garbage();
        park(table, garbage);
        return new WeakReference<>(garbage);
    }
}
