package io.jremix.probe;

import java.lang.ref.WeakReference;

/**
 * Counts garbage collections cheaply, so that addresses taken before and after an object may have moved are
 * never compared. The canary is a weak reference to an otherwise unreachable young object: every collection that
 * can move objects also clears it.
 */
final class GcEpoch extends WeakReference<Object> {
    private static volatile GcEpoch current = new GcEpoch(0);

    final int epoch;

    private GcEpoch(int epoch) {
        super(new Object());
        this.epoch = epoch;
    }

    /** The epoch in force, opening a new one if a collection cleared the canary. */
    static GcEpoch current() {
        GcEpoch c = current;
        return c.refersTo(null) ? next(c) : c;
    }

    /** False once a collection happened after this epoch began. */
    boolean live() {
        return !refersTo(null);
    }

    private static synchronized GcEpoch next(GcEpoch seen) {
        if (current == seen) {
            current = new GcEpoch(seen.epoch + 1);
        }
        return current;
    }
}
