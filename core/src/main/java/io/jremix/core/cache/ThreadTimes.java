package io.jremix.core.cache;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How much of the time each traced thread runs on a core: the CPU time it used over the wall time between the first
 * and the latest reading of its clock. What contention costs is measured against it ({@link Thresholds}): a thread
 * that waits for a core neither misses nor runs. A thread read once, or over less than {@value #MIN_SPAN_MILLIS} ms,
 * or whose clock cannot be read (a virtual thread), counts as on a core all the time, which makes its share of a
 * line's cost the smallest; and threads together count for no more cores than the machine has.
 */
public final class ThreadTimes {
    static final long MIN_SPAN_MILLIS = 100;
    /** The least a thread counts for: one whose clock stood still between two readings still ran to miss. */
    static final double MIN_ON_CORE = 0.001;
    /** Threads whose readings are kept, the most recently read: a thread per task does not grow the map. */
    static final int MAX_THREADS = 4096;
    private static final int FIRST_WALL = 0;
    private static final int FIRST_CPU = 1;
    private static final int LAST_WALL = 2;
    private static final int LAST_CPU = 3;

    private final int cores;
    private final Map<Integer, long[]> readings = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, long[]> eldest) {
            return size() > MAX_THREADS;
        }
    };

    /** @param cores processors the threads can run on at once */
    public ThreadTimes(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be positive: " + cores);
        }
        this.cores = cores;
    }

    /** Thread {@code thread}'s clock read {@code cpuNanos} of CPU time at {@code wallNanos}; a negative one is unknown. */
    public synchronized void read(int thread, long wallNanos, long cpuNanos) {
        if (cpuNanos < 0) {
            return;
        }
        long[] r = readings.get(thread);
        if (r == null) {
            readings.put(thread, new long[] {wallNanos, cpuNanos, wallNanos, cpuNanos});
        } else {
            r[LAST_WALL] = wallNanos;
            r[LAST_CPU] = cpuNanos;
        }
    }

    /** The share of the time thread {@code thread} has been on a core, from {@link #MIN_ON_CORE} to 1. */
    public synchronized double onCore(int thread) {
        long[] r = readings.get(thread);
        long wall = r == null ? 0 : r[LAST_WALL] - r[FIRST_WALL];
        if (wall < MIN_SPAN_MILLIS * 1_000_000L) {
            return 1;
        }
        return Math.max(MIN_ON_CORE, Math.min(1, (double) (r[LAST_CPU] - r[FIRST_CPU]) / wall));
    }

    /** How many cores {@code threads} kept busy together: their shares added up, at most the machine's cores. */
    public double onCore(Collection<Integer> threads) {
        double sum = 0;
        for (int t : threads) {
            sum += onCore(t);
        }
        return Math.min(cores, Math.max(MIN_ON_CORE, sum));
    }
}
