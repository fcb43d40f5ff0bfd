package io.jremix.agent.park;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

import io.jremix.core.park.ParkOrigin;
import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSite;

/**
 * One thread's park state, reused for every park (the token {@link ParkProfiler#parking} hands back, so it is no
 * allocation; the record's events are): the park in progress, the blocker it last got after parking (to time its
 * hold), and a small cache of the sites it parks at.
 *
 * <p>Sites: walking the stack costs microseconds, a park with nothing to wait for a fraction of one, so a thread
 * does not walk on every park. Each slot of the cache remembers, for one blocker, the site last walked and when to
 * walk again: after 1, 2, 4, ... up to {@value #MAX_INTERVAL} parks while the walks keep finding the same site,
 * and after the next park again once one finds another. A thread that parks on a blocker from one site (a worker in
 * its loop) is exact at a walk per {@value #MAX_INTERVAL} parks; one that alternates between sites on one blocker
 * keeps walking every park and stays exact; one that parks in runs at different sites counts the first parks of a
 * run to the previous site until the next walk.
 *
 * <p>A new blocker's first park walks only within the thread's {@link WalkBudget}: a server's thread that waits on
 * a new future per request would otherwise walk on every request. Over the budget, the park is put at the site
 * where this thread last walked a new blocker of the same class, on a site of the blocker's own marked estimated
 * ({@link ParkSite#estimated}); the count stays exact on the blocker, its class and that site. The thread's walks
 * sample where it parks on such blockers, so the estimates follow their shares. A blocker parked on again walks
 * then, whatever the budget, and its walked site becomes its origin: a survivor of many short-lived blockers is
 * named by its own site. A class the thread has not walked yet is always walked.
 *
 * <p>Hold time: when the thread returns from a park it may have got the blocker (a lock, a permit); when it next
 * unparks a thread parked on that same blocker, it is releasing it to that thread, and the time between is one
 * hold ({@link ParkRecord#held}). The blocker is matched by its record's class name and identity hash, not held:
 * the profiler never keeps a blocker alive. Only the first unpark after a return counts, so a releaser that takes
 * the lock again at once without parking gives one sample per park, never the sum of its holds. A thread that
 * released with no one parked (no unpark, no sample) and took the lock again without parking before someone
 * parked would measure from its first acquisition: that needs contention to come and go within one of its holds.
 */
final class Parker {
    private static final int SLOTS = 8;
    private static final int MAX_INTERVAL = 1024;
    /** Classes whose last walked first park a thread remembers (a power of two). */
    private static final int CLASSES = 8;

    /** One blocker's cached site. */
    private static final class Slot {
        ParkRecord record;
        ParkSite site;
        int parksSinceWalk;
        int interval;
    }

    private final Slot[] slots = new Slot[SLOTS];
    private final WalkBudget budget = new WalkBudget();
    /** Read only when a new blocker's first park asks the budget: most parks need no time for their site. */
    private final LongSupplier nanoTime;
    /** Per blocker class (by its name's hash), the origin this thread last walked at a new blocker's first park. */
    private final String[] walkedClasses = new String[CLASSES];
    private final ParkOrigin[] walkedOrigins = new ParkOrigin[CLASSES];
    /** The profiler it was made for, by its number among those started in the JVM. */
    final int profiler;

    ParkRecord record;
    ParkSite site;
    long parkedAt;
    /** The origin of the last site this thread found new, reused by the next new blocker parked on from there. */
    private ParkOrigin lastOrigin;
    private ParkRecord acquired;
    private long acquiredAt;

    Parker(int profiler) {
        this(profiler, System::nanoTime);
    }

    Parker(int profiler, LongSupplier nanoTime) {
        this.profiler = profiler;
        this.nanoTime = nanoTime;
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = new Slot();
        }
    }

    /**
     * The site of the park about to happen on {@code r}: from the cache, estimated (over the walk budget), or from
     * walking this thread's frames, registered with the record if new.
     */
    ParkSite siteFor(ParkRecord r, SiteFrames walk) {
        Slot s = slots[r.identityHash() & (SLOTS - 1)];
        if (s.record == r && ++s.parksSinceWalk < s.interval) {
            return s.site;
        }
        boolean firstPark = !r.hasSites();
        int c = r.className().hashCode() & (CLASSES - 1);
        if (firstPark && r.className().equals(walkedClasses[c]) && !budget.take(nanoTime.getAsLong())) {
            ParkSite estimated = new ParkSite(walkedOrigins[c], true);
            r.addSite(estimated);
            return estimated;
        }
        List<String> frames = walk.walk();
        ParkSite found = find(r, frames);
        if (found == null) {
            found = new ParkSite(originAt(frames));
            r.addSite(found);
        }
        if (firstPark) {
            walkedClasses[c] = r.className();
            walkedOrigins[c] = found.origin();
        }
        s.interval = s.record == r && found == s.site ? Math.min(2 * s.interval, MAX_INTERVAL) : 1;
        s.record = r;
        s.site = found;
        s.parksSinceWalk = 0;
        return found;
    }

    /**
     * Who parks at {@code frames}: a server's thread that waits on a new future per request finds the same frames
     * for each, and working out where in the program they wait again for each showed in its profile.
     */
    private ParkOrigin originAt(List<String> frames) {
        String thread = ParkProfiler.threadName(Thread.currentThread());
        ParkOrigin last = lastOrigin;
        if (last == null || !last.stackTrace().equals(frames) || !last.threadName().equals(thread)) {
            lastOrigin = new ParkOrigin(thread, frames);
        }
        return lastOrigin;
    }

    private static ParkSite find(ParkRecord r, List<String> frames) {
        for (ParkSite s : r.sites()) {
            if (!s.estimated() && s.stackTrace().equals(frames)) {
                return s;
            }
        }
        return null;
    }

    /** The park in progress returned at {@code now}: the thread may hold its blocker from now on. */
    void returned(long now) {
        site.unparked(now - parkedAt);
        acquired = record;
        acquiredAt = now;
        record = null;
        site = null;
    }

    /** This thread unparks {@code target} at {@code now}: the end of a hold if it parks on what this one got. */
    void unparking(Thread target, long now) {
        ParkRecord r = acquired;
        if (r == null || target == null) {
            return;
        }
        Object blocker = LockSupport.getBlocker(target);
        if (blocker != null && System.identityHashCode(blocker) == r.identityHash()
                && blocker.getClass().getTypeName().equals(r.className())) {
            r.held(now - acquiredAt);
            acquired = null;
        }
    }
}
