package io.jremix.core.park;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One call site that parks on a blocker: the stack from the park method to the program's first frame (see
 * {@link BlockerNames#userFrame}), the thread first seen parking there, and how often and how long threads parked
 * there. The profiler captures a site outside any lock the program's threads wait on and counts on it with atomics,
 * so a site costs nothing under the blocker's record lock; {@link ParkRecord} lists the sites of its blocker.
 */
public final class ParkSite {
    private final ParkOrigin origin;
    private final AtomicLong parks = new AtomicLong();
    private final AtomicLong parkedNanos = new AtomicLong();

    public ParkSite(ParkOrigin origin) {
        this.origin = Objects.requireNonNull(origin);
    }

    public ParkOrigin origin() {
        return origin;
    }

    /** The frames that tell this site from the blocker's others. */
    public List<String> stackTrace() {
        return origin.stackTrace();
    }

    /** A thread is about to park here. */
    public void parking() {
        parks.incrementAndGet();
    }

    /** A thread that parked here returned after {@code nanos}. */
    public void unparked(long nanos) {
        parkedNanos.addAndGet(Math.max(0, nanos));
    }

    public SiteSnapshot snapshot() {
        return new SiteSnapshot(origin.threadName(), origin.stackTrace(), origin.where(), parks.get(), parkedNanos.get());
    }
}
