package io.jremix.workloads.cache;

import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * False sharing at a rate the caller chooses, for finding the smallest contention a detector reports: each thread
 * stores to its own elements of one {@code long[]}, doing {@code work} rounds of arithmetic on locals between two
 * stores, for {@code millis} milliseconds; with {@code activePercent} below 100 the threads store only in the first
 * {@code activePercent} of every {@value #PERIOD_MILLIS} ms, all in the same phase, and sleep the rest (a service's
 * requests). It prints the stores it made per second, the scale to read a detector's estimated misses per second
 * against: an upper bound of the line's transfers between the two cores, since a core that owns the line commits
 * every store it has buffered for it.
 *
 * <p>Sharing by construction, as in {@link LongArrayCounters}: counter {@code s * threads + t} belongs to thread
 * {@code t} ({@link Workload#slot}), so with two threads at least 6 of the 7 pairs of neighbouring elements share
 * a line wherever the array is, and a garbage collection that moves the array keeps them so (separate objects
 * allocated side by side need not stay side by side). Expected finding: <b>false sharing</b> on {@code long[]}.
 *
 * <p>Args: {@code [threads=2] [work=0] [millis=4000] [activePercent=100]}. Prints
 * {@code PacedCounters Time <nanos>ns stores=<n> storesPerSecond=<n/s> result=<checksum>}.
 */
public final class PacedCounters {
    /** The period of which the threads store in the first {@code activePercent}. */
    public static final long PERIOD_MILLIS = 20;

    /** Never set: a volatile read per store that keeps C2 from merging one slot's stores (see LongArrayCounters). */
    static volatile boolean stop;
    /**
     * Elements left unused before the counters: a line's worth, so that no counter shares a line with whatever was
     * allocated just before the array (the class's statics, {@link #stop} among them, which every store reads).
     */
    private static final int LEAD = 8;
    private static long[] counts;

    private PacedCounters() {
    }

    /** Thread {@code t}'s loop; returns its store count and its checksum, in that order. */
    private static long[] run(int threads, int t, int work, long startNanos, long endNanos, long activeNanos) {
        long[] c = counts;
        // reads the clock about every microsecond of work, not at every store of a tight loop
        long clockMask = Integer.highestOneBit(Math.max(1, 1024 / (work + 1))) - 1;
        long periodNanos = PERIOD_MILLIS * 1_000_000;
        long x = t + 1;
        long k = 0;
        while (!stop) {
            if ((k & clockMask) == 0) {
                long now = System.nanoTime();
                if (now >= endNanos) {
                    break;
                }
                long phase = (now - startNanos) % periodNanos;
                if (phase >= activeNanos) {
                    LockSupport.parkNanos(periodNanos - phase);
                    continue;
                }
            }
            c[LEAD + Workload.slot(threads, t, k)] = k;
            for (int w = work; w != 0; w--) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            k++;
        }
        return new long[] {k, x};
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "PacedCounters [threads] [work] [millis] [activePercent]", 4);
        int threads = a.intArg(0, "threads", 2, 1, 1024);
        int work = a.intArg(1, "work", 0, 0, Integer.MAX_VALUE);
        long millis = a.longArg(2, "millis", 4000, 1);
        int activePercent = a.intArg(3, "activePercent", 100, 1, 100);
        counts = new long[LEAD + threads * Workload.SLOTS];
        long activeNanos = PERIOD_MILLIS * 1_000_000 * activePercent / 100;
        long startNanos = System.nanoTime();
        long endNanos = startNanos + millis * 1_000_000;
        long[][] results = new long[threads][];
        long nanos = Workload.runThreads(threads,
                t -> results[t] = run(threads, t, work, startNanos, endNanos, activeNanos));
        long stores = 0;
        long checksum = 0;
        for (long[] r : results) {
            stores += r[0];
            checksum ^= r[1];
        }
        System.out.printf(Locale.ROOT, "PacedCounters Time %dns stores=%d storesPerSecond=%.0f result=%d%n", nanos,
                stores, stores / (nanos / 1e9), checksum);
    }
}
