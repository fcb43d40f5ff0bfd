package io.jremix.core.park;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The statistics of one park blocker (the J9 thesis, 3.5), updated by the algorithms of 3.6.2 and 3.6.3.
 *
 * <p>Parks and parked-now are counted on every event. Once the number of parks reaches the collection threshold
 * (0 and 1 both mean "from the first park") the record starts collecting: the first collected park saves the
 * timestamp and its site (thread name and stack trace) as the blocker's origin (a later walked site replaces an
 * estimated one, {@link ParkSite#estimated}); every collected event then adds {@code previous parkedNow × Δt} to the thread-time and {@code min(previous parkedNow,
 * 1) × Δt} to the real-time before the counter changes (3.7.8 and 3.7.9 use the value before the event).
 *
 * <p>Unparks of parks that happened before collection started need no special case: those parks were counted in
 * parked-now, so the unpark only takes back what they added, and the time they spend parked after collection
 * starts is real parked time inside the observed period, which the sums rightly include. An unpark while
 * parked-now is already zero has no park to match (the caller's pairing went wrong, e.g. a thread that parked
 * before events were delivered): it is ignored, so counts never go negative and the sums stay untouched.
 *
 * <p>Every collected event also steps a {@link ParkTimeline}, the parked count over time in a fixed number of
 * buckets (constant work, no allocation), for a report's timeline per blocker.
 *
 * <p>Timestamps are {@link System#nanoTime()} values, expected in order per record. A caller reads the clock
 * before handing its event in, so two threads can arrive slightly out of order; an event older than the last
 * one is treated as simultaneous with it (Δt = 0), never as negative time.
 *
 * <p>Hold time: the thesis's estimate (section 3.7.11), real-time over unparks, is the hold time only when each
 * hold ends by waking exactly one parked thread that then gets the lock; a semaphore with n permits wakes a thread
 * n times per hold (hold / n). So the record takes measured samples instead ({@link #held}): the caller measures, for a
 * thread that got the blocker after parking on it, the time until that thread wakes the next thread parked on the
 * same blocker, its release. A sample can span several holds (the thread released with no one parked and took the
 * blocker again at once); {@link HoldSamples} keeps only the single holds. A record without samples (a blocker no
 * one released to a parked thread, such as a latch or a future) has no hold-time estimate.
 *
 * <p>No lock: with a lock in each record, as in the thesis, program threads waited for each other's bookkeeping
 * inside their park and unpark calls (JFR saw 22 contended enters, 673 ms blocked, in a 16-thread pool). Each
 * event is pushed instead onto a lock-free stack ({@link Event}), and the thread that wins a compare-and-set of
 * {@link #applying} applies the events pushed so far, in the order they were pushed, to the counters, the
 * timeline and the hold samples, all of which stay single-threaded. A thread that loses goes on at once and
 * leaves its event to the next winner: no thread of the program ever waits here. A snapshot is the one caller
 * that waits, spinning on {@link #applying} (a report's thread, never one that parks), and applies everything
 * pushed before it, so counts read later are never smaller. A call that finds no thread applying applies its own
 * event at once, after those pending: an event object is made only when two calls meet.
 */
public final class ParkRecord {
    private static final VarHandle PENDING;
    private static final VarHandle APPLYING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PENDING = lookup.findVarHandle(ParkRecord.class, "pending", Event.class);
            APPLYING = lookup.findVarHandle(ParkRecord.class, "applying", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String className;
    private final int identityHash;
    private final long collectionThreshold;
    private final ConcurrentLinkedQueue<ParkSite> sites = new ConcurrentLinkedQueue<>();
    /** Events not applied yet, the newest first. */
    private volatile Event pending;
    /**
     * Set by the one thread applying events; everything below is touched only by it. This and {@link #pending} are
     * fields updated through var handles, not atomic objects: a server makes a record per request.
     */
    private volatile boolean applying;

    private long timesParked;
    private long parkedNow;
    private boolean collecting;
    /** Volatile for {@link #hasOrigin}, read without applying. */
    private volatile ParkSite origin;
    private long firstEventNanos;
    private long lastEventNanos;
    private long peakParked;
    private long threadTimeNanos;
    private long realTimeNanos;
    private final HoldSamples holds = new HoldSamples();
    /** From the first collected park on. */
    private ParkTimeline timeline;

    /** A park, an unpark or a hold sample, waiting in {@link #pending} to be applied. */
    private static final class Event {
        static final int PARKING = 0;
        static final int UNPARKED = 1;
        static final int HELD = 2;

        final int kind;
        /** The event's time, or the hold's length. */
        final long nanos;
        final ParkSite site;
        Event next;

        Event(int kind, long nanos, ParkSite site) {
            this.kind = kind;
            this.nanos = nanos;
            this.site = site;
        }
    }

    /**
     * @param className           binary name of the blocker's class
     * @param identityHash        {@link System#identityHashCode} of the blocker
     * @param collectionThreshold parks needed before collection starts (3.3.1); not negative
     */
    public ParkRecord(String className, int identityHash, long collectionThreshold) {
        if (collectionThreshold < 0) {
            throw new IllegalArgumentException("collection threshold must not be negative: " + collectionThreshold);
        }
        this.className = Objects.requireNonNull(className);
        this.identityHash = identityHash;
        this.collectionThreshold = collectionThreshold;
    }

    /**
     * Right before a thread parks on this blocker (3.6.2).
     *
     * @param site where it parks, captured by the caller before this call; {@code null} when the caller does not
     *             know (a later park with a site then gives the record its origin)
     */
    public void parking(long nanoTime, ParkSite site) {
        submit(Event.PARKING, nanoTime, site);
    }

    /** Right after a thread that parked on this blocker returns from park (3.6.3). */
    public void unparked(long nanoTime) {
        submit(Event.UNPARKED, nanoTime, null);
    }

    /** A thread that got this blocker after parking on it held it for {@code nanos} (see the class comment). */
    public void held(long nanos) {
        submit(Event.HELD, nanos, null);
    }

    /** Whether a park has given this record its origin: until then a caller passes a site. */
    public boolean hasOrigin() {
        return origin != null;
    }

    /** Lists a site of this blocker; the caller counts the parks there on the site itself. */
    public void addSite(ParkSite site) {
        sites.add(site);
    }

    /** Whether any park has listed a site here yet: none before the blocker's first park. */
    public boolean hasSites() {
        return !sites.isEmpty();
    }

    /** The sites of this blocker, in the order they were added. */
    public Iterable<ParkSite> sites() {
        return sites;
    }

    /**
     * Applies the event at once when no other thread is applying, after any still pending; otherwise pushes it,
     * and applies the pending ones unless another thread is at it. Most events meet no other: a server's blocker
     * per request has two, its one park and return, and an event object for each was most of its garbage.
     */
    private void submit(int kind, long nanos, ParkSite site) {
        boolean first = APPLYING.compareAndSet(this, false, true);
        if (!first) {
            push(new Event(kind, nanos, site));
            if (!APPLYING.compareAndSet(this, false, true)) {
                return; // the thread applying, or the next one to come, applies it
            }
        }
        try {
            applyPending();
            if (first) {
                apply(kind, nanos, site);
            }
        } finally {
            applying = false;
        }
    }

    private void push(Event e) {
        Event head;
        do {
            head = pending;
            e.next = head;
        } while (!PENDING.compareAndSet(this, head, e));
    }

    /** Applies the events pushed so far, oldest first; the caller has set {@link #applying}. */
    private void applyPending() {
        Event oldest = null;
        for (Event e = (Event) PENDING.getAndSet(this, (Event) null); e != null; ) { // reverses the stack into push order
            Event next = e.next;
            e.next = oldest;
            oldest = e;
            e = next;
        }
        for (Event e = oldest; e != null; e = e.next) {
            apply(e.kind, e.nanos, e.site);
        }
    }

    private void apply(int kind, long nanos, ParkSite site) {
        switch (kind) {
            case Event.PARKING -> applyParking(nanos, site);
            case Event.UNPARKED -> applyUnparked(nanos);
            default -> holds.add(nanos, holds.needsBuckets() ? HoldSamples.buckets() : null);
        }
    }

    private void applyParking(long nanoTime, ParkSite site) {
        long previous = parkedNow;
        timesParked++;
        parkedNow++;
        if (site != null && (origin == null || origin.estimated() && !site.estimated())) {
            origin = site; // a walked site over an estimated one: the survivor of many blockers gets its own
        }
        if (!collecting) {
            if (timesParked < collectionThreshold) {
                return;
            }
            collecting = true;
            firstEventNanos = nanoTime;
            lastEventNanos = nanoTime;
            timeline = new ParkTimeline();
        }
        advance(previous, nanoTime);
        peakParked = Math.max(peakParked, parkedNow);
        timeline.level(nanoTime, parkedNow);
    }

    private void applyUnparked(long nanoTime) {
        if (parkedNow == 0) {
            return;
        }
        long previous = parkedNow;
        parkedNow--;
        if (collecting) {
            advance(previous, nanoTime);
            timeline.level(nanoTime, parkedNow);
        }
    }

    /** Adds the time since the last event at the parked-now count that held during it. */
    private void advance(long previousParkedNow, long nanoTime) {
        long dt = nanoTime - lastEventNanos;
        if (dt <= 0) {
            return;
        }
        threadTimeNanos += previousParkedNow * dt;
        realTimeNanos += Math.min(previousParkedNow, 1) * dt;
        lastEventNanos = nanoTime;
    }

    public String className() {
        return className;
    }

    public int identityHash() {
        return identityHash;
    }

    /**
     * A consistent copy of the counters, for reports taken while threads keep parking: it waits for the thread
     * applying events, if any, and applies what is still pending.
     */
    public ParkSnapshot snapshot() {
        List<SiteSnapshot> siteSnapshots = new ArrayList<>();
        for (ParkSite s : sites) {
            siteSnapshots.add(s.snapshot());
        }
        while (!APPLYING.compareAndSet(this, false, true)) {
            Thread.yield(); // a park or unpark applying a few events: not long, and this thread never parks
        }
        try {
            applyPending();
            boolean known = collecting && origin != null;
            return new ParkSnapshot(className, identityHash, known ? origin.origin().threadName() : null,
                    known ? origin.stackTrace() : List.of(), timesParked, parkedNow, peakParked, threadTimeNanos,
                    realTimeNanos, firstEventNanos, lastEventNanos, collecting, holds.singleHoldCount(),
                    holds.singleHoldNanos(), SiteSnapshot.merged(siteSnapshots),
                    timeline == null ? TimelineSnapshot.EMPTY : timeline.snapshot());
        } finally {
            applying = false;
        }
    }
}
