package io.jremix.core.park;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The statistics of one park blocker (seed 002, 3.5), updated by the algorithms of 3.6.2 and 3.6.3.
 *
 * <p>Parks and parked-now are counted on every event. Once the number of parks reaches the collection threshold
 * (0 and 1 both mean "from the first park") the record starts collecting: the first collected park saves the
 * timestamp and, through the supplier so that it is captured only once, the thread name and stack trace; every
 * collected event then adds {@code previous parkedNow × Δt} to the thread-time and {@code min(previous parkedNow,
 * 1) × Δt} to the real-time before the counter changes (3.7.8 and 3.7.9 use the value before the event).
 *
 * <p>Unparks of parks that happened before collection started need no special case: those parks were counted in
 * parked-now, so the unpark only takes back what they added, and the time they spend parked after collection
 * starts is real parked time inside the observed period, which the sums rightly include. An unpark while
 * parked-now is already zero has no park to match (the caller's pairing went wrong, e.g. a thread that parked
 * before events were delivered): it is ignored, so counts never go negative and the sums stay untouched.
 *
 * <p>Timestamps are {@link System#nanoTime()} values, expected in order per record. A caller reads the clock
 * before taking the record's lock, so two threads can arrive slightly out of order; an event older than the last
 * one is treated as simultaneous with it (Δt = 0), never as negative time.
 *
 * <p>Each record has its own lock, as in the seed. It is a monitor, not a {@code java.util.concurrent} lock,
 * because those park through {@code LockSupport}, the very call being observed.
 */
public final class ParkRecord {
    private final String className;
    private final int identityHash;
    private final long collectionThreshold;
    private final Object lock = new Object();

    private long timesParked;
    private long parkedNow;
    private boolean collecting;
    private ParkOrigin origin;
    private long firstEventNanos;
    private long lastEventNanos;
    private long peakParked;
    private long threadTimeNanos;
    private long realTimeNanos;

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

    /** Right before a thread parks on this blocker (3.6.2). {@code firstPark} is called at most once. */
    public void parking(long nanoTime, Supplier<ParkOrigin> firstPark) {
        synchronized (lock) {
            long previous = parkedNow;
            timesParked++;
            parkedNow++;
            if (!collecting) {
                if (timesParked < collectionThreshold) {
                    return;
                }
                // Origin first: if capturing it fails, the record is left not collecting and tries again next park.
                origin = Objects.requireNonNull(firstPark.get(), "origin");
                collecting = true;
                firstEventNanos = nanoTime;
                lastEventNanos = nanoTime;
            }
            advance(previous, nanoTime);
            peakParked = Math.max(peakParked, parkedNow);
        }
    }

    /** Right after a thread that parked on this blocker returns from park (3.6.3). */
    public void unparked(long nanoTime) {
        synchronized (lock) {
            if (parkedNow == 0) {
                return;
            }
            long previous = parkedNow;
            parkedNow--;
            if (collecting) {
                advance(previous, nanoTime);
            }
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

    /** A consistent copy of the counters, for reports taken while threads keep parking. */
    public ParkSnapshot snapshot() {
        synchronized (lock) {
            return new ParkSnapshot(className, identityHash, origin == null ? null : origin.threadName(),
                    origin == null ? List.of() : origin.stackTrace(), timesParked, parkedNow, peakParked,
                    threadTimeNanos, realTimeNanos, firstEventNanos, lastEventNanos, collecting);
        }
    }
}
