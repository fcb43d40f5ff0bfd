package io.jremix.core.park;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;

/**
 * One call site that parks on a blocker: the stack from the park method to the program's first frame (see
 * {@link BlockerNames#userFrame}), the thread first seen parking there, and how often and how long threads parked
 * there. The profiler captures a site outside any lock the program's threads wait on and counts on it atomically,
 * so a site costs nothing under the blocker's record lock; {@link ParkRecord} lists the sites of its blocker. The
 * counters are fields updated through var handles rather than atomic objects: a server makes a site per request.
 */
public final class ParkSite {
    private static final VarHandle PARKS;
    private static final VarHandle PARKED_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PARKS = lookup.findVarHandle(ParkSite.class, "parks", long.class);
            PARKED_NANOS = lookup.findVarHandle(ParkSite.class, "parkedNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ParkOrigin origin;
    private final boolean estimated;
    private volatile long parks;
    private volatile long parkedNanos;

    public ParkSite(ParkOrigin origin) {
        this(origin, false);
    }

    /**
     * @param estimated whether the parks counted here were put here without walking their stack: where the thread
     *                  last walked a new blocker of the same class, a sample of where it parks on such blockers
     */
    public ParkSite(ParkOrigin origin, boolean estimated) {
        this.origin = Objects.requireNonNull(origin);
        this.estimated = estimated;
    }

    public ParkOrigin origin() {
        return origin;
    }

    /** Whether this site's parks are estimates, not walked ({@link #ParkSite(ParkOrigin, boolean)}). */
    public boolean estimated() {
        return estimated;
    }

    /** The frames that tell this site from the blocker's others. */
    public List<String> stackTrace() {
        return origin.stackTrace();
    }

    /** A thread is about to park here. */
    public void parking() {
        PARKS.getAndAdd(this, 1L);
    }

    /** A thread that parked here returned after {@code nanos}. */
    public void unparked(long nanos) {
        PARKED_NANOS.getAndAdd(this, Math.max(0, nanos));
    }

    public SiteSnapshot snapshot() {
        long n = parks;
        return new SiteSnapshot(origin.threadName(), origin.stackTrace(), origin.where(), n, estimated ? n : 0,
                parkedNanos);
    }
}
