package io.jremix.agent.park;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import io.jremix.core.park.ParkRecord;
import io.jremix.report.ParkRun;

/**
 * The park record of each blocker, found by identity. Entries hold their blocker weakly, so profiling never keeps
 * a blocker alive; a collected blocker's record stays (as in the seed) until a sweep with {@code dropCollected}
 * removes it (freeOnPrint). The table is striped by identity hash so parks on different blockers rarely meet on
 * one lock, and it is bounded: once full, parks on new blockers are only counted.
 *
 * <p>The stripe locks are monitors and nothing that parks runs under them: threads reach this table from inside
 * {@code LockSupport}.
 */
final class BlockerTable {
    private static final int STRIPES = 64;

    private final long collectionThreshold;
    private final int maxRecords;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final AtomicInteger records = new AtomicInteger();
    private final LongAdder untrackedParks = new LongAdder();

    /** One blocker: the weak reference is the seed's "dead" flag, cleared by the GC. */
    private static final class Entry extends WeakReference<Object> {
        final ParkRecord record;
        Entry next;

        Entry(Object blocker, ParkRecord record, Entry next) {
            super(blocker);
            this.record = record;
            this.next = next;
        }
    }

    /** Chains of entries by identity hash; distinct blockers can share a hash. */
    private static final class Stripe {
        final Map<Integer, Entry> chains = new HashMap<>();
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
        Stripe s = stripes[(hash ^ (hash >>> 16)) & (STRIPES - 1)];
        synchronized (s) {
            Entry chain = s.chains.get(hash);
            for (Entry e = chain; e != null; e = e.next) {
                if (e.get() == blocker) {
                    return e.record;
                }
            }
            if (records.get() >= maxRecords) {
                untrackedParks.increment();
                return null;
            }
            records.incrementAndGet();
            ParkRecord r = new ParkRecord(blocker.getClass().getTypeName(), hash, collectionThreshold);
            s.chains.put(hash, new Entry(blocker, r, chain));
            return r;
        }
    }

    /**
     * Snapshots every record. With {@code dropCollected}, the records of collected blockers are removed in the same
     * pass, under the same locks, so each dropped record is in this sweep and no record is dropped unseen.
     */
    Sweep sweep(boolean dropCollected) {
        List<ParkRun.Blocker> out = new ArrayList<>();
        int dropped = 0;
        for (Stripe s : stripes) {
            synchronized (s) {
                Iterator<Map.Entry<Integer, Entry>> it = s.chains.entrySet().iterator();
                while (it.hasNext()) {
                    Map.Entry<Integer, Entry> chain = it.next();
                    Entry head = chain.getValue();
                    Entry previous = null;
                    for (Entry e = head; e != null; e = e.next) {
                        boolean collected = e.get() == null;
                        out.add(new ParkRun.Blocker(e.record.snapshot(), collected));
                        if (collected && dropCollected) {
                            dropped++;
                            if (previous == null) {
                                head = e.next;
                            } else {
                                previous.next = e.next;
                            }
                        } else {
                            previous = e;
                        }
                    }
                    if (head == null) {
                        it.remove();
                    } else {
                        chain.setValue(head);
                    }
                }
            }
        }
        records.addAndGet(-dropped);
        return new Sweep(out, dropped);
    }

    /** Parks on blockers that found the table full. */
    long untrackedParks() {
        return untrackedParks.sum();
    }
}
