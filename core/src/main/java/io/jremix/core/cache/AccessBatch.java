package io.jremix.core.cache;

import java.util.Arrays;

/**
 * The sampled accesses drained in one collection, to be replayed in time order. It keeps its {@link Access} objects
 * for the next collection, up to {@value #KEPT} of them (about 3 MB): the collector then allocates nothing per
 * sampled access in the program's heap, where its garbage made young collections that moved the program's objects.
 * For the same reason it sorts with its own merge sort on a kept array: {@code Arrays.sort} allocated a scratch
 * array of up to half the batch on every call.
 */
public final class AccessBatch {
    /** Accesses kept from one collection to the next; a larger batch allocates the rest and lets them go. */
    static final int KEPT = 1 << 16;

    private Access[] accesses = new Access[1024];
    /** Where {@link #sort} merges to: grown to the length of {@link #accesses} at the first sort that needs it. */
    private Access[] scratch = new Access[0];
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

    /**
     * Puts the accesses in replay order: by epoch, then by time, equal ones in the order they were added. A stable
     * merge sort of the ascending runs, pair by pair, as each thread's accesses are drained already in time order.
     */
    public void sort() {
        if (scratch.length < size) {
            scratch = new Access[accesses.length];
        }
        Access[] from = accesses;
        Access[] to = scratch;
        while (runEnd(from, 0) < size) {
            for (int lo = 0; lo < size; ) {
                int mid = runEnd(from, lo);
                int hi = runEnd(from, mid);
                merge(from, lo, mid, hi, to);
                lo = hi;
            }
            Access[] merged = to;
            to = from;
            from = merged;
        }
        if (from != accesses) {
            System.arraycopy(from, 0, accesses, 0, size);
        }
    }

    /** The end of the run of accesses in replay order that starts at {@code lo}. */
    private int runEnd(Access[] a, int lo) {
        int i = lo + 1;
        while (i < size && !before(a[i], a[i - 1])) {
            i++;
        }
        return Math.min(i, size);
    }

    /** Merges the runs {@code a[lo, mid)} and {@code a[mid, hi)} into {@code to[lo, hi)}, ties in input order. */
    private static void merge(Access[] a, int lo, int mid, int hi, Access[] to) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            to[k] = j == hi || (i < mid && !before(a[j], a[i])) ? a[i++] : a[j++];
        }
    }

    /** Epoch first: addresses of one epoch are replayed together, and an older epoch's are stale after a newer one. */
    private static boolean before(Access a, Access b) {
        return a.epoch() != b.epoch() ? a.epoch() < b.epoch() : a.time() < b.time();
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

    /** Empties the batch, keeping at most {@value #KEPT} accesses (and their arrays) for the next one. */
    public void clear() {
        if (accesses.length > KEPT) {
            accesses = Arrays.copyOf(accesses, KEPT);
        }
        if (scratch.length > KEPT) {
            scratch = new Access[KEPT]; // not a copy, which would hold on to accesses let go
        }
        size = 0;
    }

    /** For the tests: the array that {@link #sort} merges to. */
    Access[] scratch() {
        return scratch;
    }
}
