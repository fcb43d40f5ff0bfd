package io.jremix.core.cache;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The sampled accesses drained in one collection, to be replayed in time order. It keeps its {@link Access} objects
 * for the next collection, up to {@value #KEPT} of them (about 3 MB): the collector then allocates nothing per
 * sampled access in the program's heap, where its garbage made young collections that moved the program's objects.
 */
public final class AccessBatch {
    /** Accesses kept from one collection to the next; a larger batch allocates the rest and lets them go. */
    static final int KEPT = 1 << 16;
    /** Epoch first: addresses of one epoch are replayed together, and an older epoch's are stale after a newer one. */
    private static final Comparator<Access> ORDER = Comparator.comparingInt(Access::epoch)
            .thenComparingLong(Access::time);

    private Access[] accesses = new Access[1024];
    private int size;

    /** Adds an access; the returned one is valid until {@link #clear}. */
    public Access add(long time, int thread, int epoch, long address, boolean write, Datum datum, int site) {
        if (size == accesses.length) {
            accesses = Arrays.copyOf(accesses, size * 2);
        }
        Access a = accesses[size];
        if (a == null) {
            a = new Access(time, thread, epoch, address, write, datum, site);
            accesses[size] = a;
        } else {
            a.set(time, thread, epoch, address, write, datum, site);
        }
        size++;
        return a;
    }

    /** Puts the accesses in replay order: by epoch, then by time. */
    public void sort() {
        Arrays.sort(accesses, 0, size, ORDER);
    }

    public int size() {
        return size;
    }

    public Access get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return accesses[i];
    }

    /** Empties the batch, keeping at most {@value #KEPT} accesses (and their array) for the next one. */
    public void clear() {
        if (accesses.length > KEPT) {
            accesses = Arrays.copyOf(accesses, KEPT);
        }
        size = 0;
    }
}
