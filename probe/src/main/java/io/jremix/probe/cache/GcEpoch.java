package io.jremix.probe.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;

/**
 * Counts garbage collections cheaply, so that addresses taken before and after an object may have moved are
 * never compared. An epoch ends when either of two witnesses, both young when it began, shows a collection:
 * <ul>
 * <li>the canary, a weak reference to an otherwise unreachable object, is cleared;
 * <li>the sentinel, an object the epoch holds strongly, is no longer at the address it had.
 * </ul>
 * The canary alone is not enough: G1 sometimes keeps a weak referent alive through young collections (seen on
 * the first epoch of a run with a 32 MB heap, which then spanned a second of collections, each handing one
 * thread's memory to the other), while every young collection moves the sentinel out of eden. The sentinel alone
 * is not enough either: a full collection may compact it onto its own address, but clears the canary.
 *
 * <p>The thread that first sees a collection opens the next epoch with a compare-and-set, not under a monitor:
 * this runs on the sampling path, in the program's threads, virtual ones among them.
 */
final class GcEpoch extends WeakReference<Object> {
    private static final VarHandle CURRENT;
    private static volatile GcEpoch current = new GcEpoch(0, new Object(), new Object[1]);

    static {
        try {
            CURRENT = MethodHandles.lookup().findStaticVarHandle(GcEpoch.class, "current", GcEpoch.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int epoch;
    private final Object sentinel = new Object();
    /** Its reference's raw bits, which need no calibrated shift ({@link HeapAddresses#calibrate}). */
    private final long sentinelAt;

    /** @param holder the calling thread's scratch array for {@link HeapAddresses#referenceBits} */
    GcEpoch(int epoch, Object canary, Object[] holder) {
        this(epoch, canary, holder, 0);
    }

    /** @param moved bits that make the sentinel's recorded address differ from its own: 0 for a real epoch */
    private GcEpoch(int epoch, Object canary, Object[] holder, long moved) {
        super(canary);
        this.epoch = epoch;
        this.sentinelAt = HeapAddresses.referenceBits(sentinel, holder) ^ moved;
    }

    /** The epoch in force, opening a new one if a collection happened since it began. */
    static GcEpoch current(Object[] holder) {
        return after(current, holder);
    }

    /**
     * {@code c} while no collection happened since it began, else the epoch in force after it: the one this call
     * opens if {@code c} is still in force, else the one another thread opened, or {@code c} was never in force.
     */
    static GcEpoch after(GcEpoch c, Object[] holder) {
        if (c.live(holder)) {
            return c;
        }
        GcEpoch next = new GcEpoch(c.epoch + 1, new Object(), holder);
        return CURRENT.compareAndSet(c, next) ? next : current;
    }

    /**
     * An epoch that a collection has already ended and that was never in force, for {@link RecorderWarmUp}: passed
     * to {@link #after}, it takes the way a collection sends the recording path, which C2 otherwise leaves out until
     * the program's first collection while tracing sends the path back to the interpreter; and opens no epoch. Both
     * witnesses show the collection: the canary is cleared, and the sentinel is recorded at an address it cannot
     * have (references are aligned, so their lowest bit is never set).
     */
    static GcEpoch ended(Object[] holder) {
        return new GcEpoch(-1, null, holder, 1);
    }

    /**
     * False once a collection happened after this epoch began. Both witnesses are read, without a branch between
     * them that C2 could leave out until a collection moved the sentinel and spared the canary.
     */
    boolean live(Object[] holder) {
        return !refersTo(null) & HeapAddresses.referenceBits(sentinel, holder) == sentinelAt;
    }
}
