package io.jremix.agent.park;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.ParkTimeline;
import io.jremix.core.park.WaitKind;
import io.jremix.report.park.ParkRun;

/**
 * The park record of each blocker, found by identity. Entries hold their blocker weakly, so profiling never keeps
 * a blocker alive. A collected blocker's record leaves the table when the next new blocker arrives: its final
 * counts are added to a retired row of its class and first-park stack, the row a report would put it in anyway,
 * so a server that makes a future per request keeps one row per place that waits on them, and every park keeps
 * its class. A sweep with {@code dropCollected} (freeOnPrint) drops collected records and retired rows after
 * reporting them. The table is striped by identity hash so that parks on different blockers rarely meet on one
 * map bin, and it is bounded: once full of live blockers, parks on new ones are only counted. A record is counted
 * once it is in the table, so threads that first park on one blocker at once all get its record; new blockers
 * added at the same moment as the table fills can pass the bound by at most the threads adding them.
 *
 * <p>A park takes no lock of jremix's: threads reach this table from inside {@code LockSupport}, and a 16-thread
 * pool waited there for each other's lookups, then, parking on a new queue all at once, for the one adding it (JFR
 * saw 14 contended enters of up to 13 ms at load 15). A stripe's chains are read without its lock (a concurrent
 * map, volatile links), and a new blocker's entry becomes its chain's head by compare-and-set on the map. Only
 * the thread holding {@link #retiring} (a park retiring collected records, or a report sweeping) unlinks entries;
 * unlinking a head is a compare-and-set too, as a park may be putting a new head before it.
 */
final class BlockerTable {
    private static final int STRIPES = 64;
    private static final int STRIPE_SHIFT = Integer.SIZE - Integer.numberOfTrailingZeros(STRIPES);

    private final long collectionThreshold;
    private final int maxRecords;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final AtomicInteger records = new AtomicInteger();
    private final LongAdder untrackedParks = new LongAdder();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    /**
     * Held by the one thread retiring collected records, or sweeping: a parking thread that finds it taken goes on
     * rather than queue up behind it; a sweep waits for it, so that no record moves to its retired row during the
     * sweep (it would be counted twice, in its stripe and in its row, or not at all).
     */
    private final AtomicBoolean retiring = new AtomicBoolean();
    /** Retired records by class and first-park stack, added up; touched only with {@link #retiring} held. */
    private final Map<List<Object>, Retired> retired = new HashMap<>();

    /**
     * The collected records of one row: their counters added up, and how many. A row of the report is made of it
     * only when a sweep reads it, since the row's wait kind reads its stack, which cost more than the rest of a
     * retiring park on a server that waits on a new future per request. Records are added up {@value #BATCH} at a
     * time: a sum per record made a new timeline per request (each up to {@value ParkTimeline#BUCKETS} buckets),
     * most of jremix's garbage on such a server.
     */
    private static final class Retired {
        static final int BATCH = 64;

        private final List<ParkSnapshot> pending = new ArrayList<>();
        private ParkSnapshot stats;
        private int blockers;

        void add(ParkSnapshot collected) {
            pending.add(collected);
            blockers++;
            if (pending.size() >= BATCH) {
                fold();
            }
        }

        private void fold() {
            if (stats != null) {
                pending.add(0, stats);
            }
            stats = ParkSnapshot.sum(pending);
            pending.clear();
        }

        int blockers() {
            return blockers;
        }

        ParkRun.Blocker row() {
            if (!pending.isEmpty()) {
                fold();
            }
            return new ParkRun.Blocker(stats, true, WaitKind.of(stats), blockers, blockers);
        }
    }

    /** One blocker: the weak reference, which the GC clears, says whether the blocker was collected. */
    private static final class Entry extends WeakReference<Object> {
        final ParkRecord record;
        final int hash;
        /** Set when made, changed only by unlinking with {@link #retiring} held; read without it. */
        volatile Entry next;

        Entry(Object blocker, ParkRecord record, int hash, Entry next, ReferenceQueue<Object> queue) {
            super(blocker, queue);
            this.record = record;
            this.hash = hash;
            this.next = next;
        }
    }

    /**
     * Chains of entries by identity hash; distinct blockers can share a hash. Heads are added by any park; entries
     * are unlinked by the holder of {@link #retiring} alone.
     */
    private static final class Stripe {
        final Map<Integer, Entry> chains = new ConcurrentHashMap<>();

        /** Puts {@code e} before {@code head}, if that is still its chain's head. */
        boolean addHead(Entry head, Entry e) {
            return head == null ? chains.putIfAbsent(e.hash, e) == null : chains.replace(e.hash, head, e);
        }

        /**
         * Takes {@code e} out of its chain, in which it follows {@code previous} ({@code null}: it headed it when
         * the caller looked, but a park may have put a new head before it since, then it follows that one).
         */
        void remove(Entry previous, Entry e) {
            if (previous == null && (e.next == null ? chains.remove(e.hash, e) : chains.replace(e.hash, e, e.next))) {
                return;
            }
            Entry before = previous;
            if (before == null) {
                before = chains.get(e.hash);
                while (before.next != e) {
                    before = before.next;
                }
            }
            before.next = e.next;
        }
    }

    /** What a sweep saw, and how many records of collected blockers it dropped. */
    record Sweep(List<ParkRun.Blocker> blockers, int dropped) {
    }

    BlockerTable(long collectionThreshold, int maxRecords) {
        this.collectionThreshold = collectionThreshold;
        this.maxRecords = maxRecords;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** The blocker's record, created on its first park; {@code null} if the table is full (the park is counted). */
    ParkRecord recordFor(Object blocker) {
        int hash = System.identityHashCode(blocker);
        Stripe s = stripe(hash);
        ParkRecord known = lookup(s.chains.get(hash), blocker);
        if (known != null) {
            return known;
        }
        retireCollected(); // a new blocker: first make room from the collected ones
        ParkRecord r = null;
        while (true) {
            Entry head = s.chains.get(hash);
            ParkRecord added = lookup(head, blocker); // another thread may have added it meanwhile
            if (added != null) {
                return added;
            }
            if (records.get() >= maxRecords) {
                untrackedParks.increment();
                return null;
            }
            if (r == null) {
                r = new ParkRecord(blocker.getClass().getTypeName(), hash, collectionThreshold);
            }
            if (s.addHead(head, new Entry(blocker, r, hash, head, collected))) {
                records.incrementAndGet();
                return r;
            }
        }
    }

    /**
     * The stripe from the top bits of the hash times the golden ratio: not from its low bits, which the stripe's
     * map picks its buckets by (every key in a stripe would share them, and its chains grow into trees).
     */
    private Stripe stripe(int hash) {
        return stripes[(hash * 0x9E3779B9) >>> STRIPE_SHIFT];
    }

    private static ParkRecord lookup(Entry chain, Object blocker) {
        for (Entry e = chain; e != null; e = e.next) {
            if (e.get() == blocker) {
                return e.record;
            }
        }
        return null;
    }

    /**
     * Moves the records of blockers the GC has collected since the last call into their retired rows. An entry a
     * freeOnPrint sweep already dropped is not in its chain any more and is skipped. One thread at a time: the
     * queue's poll takes its lock, on which a server's threads, each parking on a new future per request, waited
     * 61-71 times per Tomcat run (JFR's monitor events); a thread that finds another retiring leaves it the work,
     * which the next new blocker's park takes up if it is left over.
     */
    private void retireCollected() {
        if (!retiring.compareAndSet(false, true)) {
            return;
        }
        try {
            for (Reference<?> ref = collected.poll(); ref != null; ref = collected.poll()) {
                Entry e = (Entry) ref;
                if (unlink(stripe(e.hash), e)) {
                    records.decrementAndGet();
                    retire(e.record.snapshot());
                }
            }
        } finally {
            retiring.set(false);
        }
    }

    private static boolean unlink(Stripe s, Entry target) {
        Entry previous = null;
        for (Entry e = s.chains.get(target.hash); e != null; previous = e, e = e.next) {
            if (e == target) {
                s.remove(previous, e);
                return true;
            }
        }
        return false;
    }

    private void retire(ParkSnapshot stats) {
        List<Object> key = stats.rowKey();
        Retired row = retired.get(key);
        if (row == null) {
            row = new Retired(); // no lambda: this runs inside the program's park
            retired.put(key, row);
        }
        row.add(stats);
    }

    /**
     * Snapshots every record. With {@code dropCollected}, the records of collected blockers are removed in the same
     * pass, so each dropped record is in this sweep and no record is dropped unseen. Waits
     * for a thread retiring records, if any, and keeps others from retiring until it is done: each record is then
     * in its stripe or in its retired row, once.
     */
    Sweep sweep(boolean dropCollected) {
        while (!retiring.compareAndSet(false, true)) {
            Thread.yield(); // a parking thread moving a few records: not long, and a report's thread never parks
        }
        try {
            return sweepWithRetiringHeld(dropCollected);
        } finally {
            retiring.set(false);
        }
    }

    private Sweep sweepWithRetiringHeld(boolean dropCollected) {
        List<ParkRun.Blocker> out = new ArrayList<>();
        int dropped = 0;
        for (Stripe s : stripes) {
            for (Entry head : List.copyOf(s.chains.values())) { // a copy: dropping an entry can change heads
                Entry previous = null;
                for (Entry e = head; e != null; e = e.next) {
                    boolean collected = e.get() == null;
                    out.add(new ParkRun.Blocker(e.record.snapshot(), collected));
                    if (collected && dropCollected) {
                        dropped++;
                        s.remove(previous, e);
                    } else {
                        previous = e;
                    }
                }
            }
        }
        records.addAndGet(-dropped);
        for (Retired row : retired.values()) {
            out.add(row.row());
            if (dropCollected) {
                dropped += row.blockers();
            }
        }
        if (dropCollected) {
            retired.clear();
        }
        return new Sweep(out, dropped);
    }

    /** Parks on blockers that found the table full. */
    long untrackedParks() {
        return untrackedParks.sum();
    }
}
