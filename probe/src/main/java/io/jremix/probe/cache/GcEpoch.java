package io.jremix.probe.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;

/**
 * Counts garbage collections cheaply, so that addresses taken before and after an object may have moved are
 * never compared. The canary is a weak reference to an otherwise unreachable young object: every collection that
 * can move objects also clears it.
 *
 * <p>The thread that first sees a cleared canary opens the next epoch with a compare-and-set, not under a monitor:
 * this runs on the sampling path, in the program's threads, virtual ones among them.
 */
final class GcEpoch extends WeakReference<Object> {
    private static final VarHandle CURRENT;
    private static volatile GcEpoch current = new GcEpoch(0);

    static {
        try {
            CURRENT = MethodHandles.lookup().findStaticVarHandle(GcEpoch.class, "current", GcEpoch.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int epoch;

    private GcEpoch(int epoch) {
        super(new Object());
        this.epoch = epoch;
    }

    /** The epoch in force, opening a new one if a collection cleared the canary. */
    static GcEpoch current() {
        GcEpoch c = current;
        if (!c.refersTo(null)) {
            return c;
        }
        GcEpoch next = new GcEpoch(c.epoch + 1);
        return CURRENT.compareAndSet(c, next) ? next : current;
    }

    /** False once a collection happened after this epoch began. */
    boolean live() {
        return !refersTo(null);
    }
}
