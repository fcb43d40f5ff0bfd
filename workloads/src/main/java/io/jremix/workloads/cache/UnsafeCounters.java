package io.jremix.workloads.cache;

import java.lang.reflect.Field;

import sun.misc.Unsafe;

/**
 * Two adjacent long fields of a {@link Pair} updated only through {@code sun.misc.Unsafe} (taken reflectively
 * from {@code theUnsafe}), in {@value Workload#SLOTS} pairs that both threads cycle over: each iteration thread 0
 * does {@code getAndAddLong(pair, LEFT_OFFSET, 1)}, then
 * {@code putLongVolatile(pair, LEFT_OFFSET, getLongVolatile(pair, LEFT_OFFSET) + 1)} on the next pair; thread 1
 * the same at {@code RIGHT_OFFSET}. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.UnsafeCounters$Pair}, fields {@code left} and {@code right}. Exercising these
 * {@code Unsafe} accesses is the point of this workload, so on JDK 24 and later it makes the JDK print its
 * "terminally deprecated method in sun.misc.Unsafe" warning on stderr.
 *
 * <p>Sharing by construction: {@code left} and {@code right} are 8 bytes apart, so in one pair they are split by
 * a line boundary in 1 placement of 8 (a boundary right at {@code right}). The pairs are allocated back to back
 * ({@link Workload#consecutive}), 32 bytes apart with compressed oops, so if a boundary splits one pair it cannot
 * split its neighbours: at least 2 of the 4 pairs have {@code left} and {@code right} on one line.
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]}; threads is 1 (only {@code left}) or 2; iterations
 * are per thread and add 2 each. Prints {@code UnsafeCounters Time <nanos>ns result=<sum of getAndAddLong
 * results>}.
 */
public final class UnsafeCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 12_000_000L;

    static final class Pair {
        long left;
        long right;
    }

    static final Unsafe U;
    static final long LEFT_OFFSET;
    static final long RIGHT_OFFSET;

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            LEFT_OFFSET = U.objectFieldOffset(Pair.class.getDeclaredField("left"));
            RIGHT_OFFSET = U.objectFieldOffset(Pair.class.getDeclaredField("right"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private UnsafeCounters() {
    }

    private static long run(Pair[] pairs, long offset, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            Pair pair = pairs[(int) k & (Workload.SLOTS - 1)];
            sum += U.getAndAddLong(pair, offset, 1L);
            U.putLongVolatile(pair, offset, U.getLongVolatile(pair, offset) + 1);
        }
        return sum;
    }

    private static long visits(long value) {
        return value % 2 == 0 ? value / 2 : -1;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "UnsafeCounters [threads 1..2] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 2);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        Pair[] pairs = Workload.consecutive(new Pair[Workload.SLOTS], i -> new Pair());
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads,
                t -> sums[t] = run(pairs, t == 0 ? LEFT_OFFSET : RIGHT_OFFSET, iterations));
        // Per pair visited v times, getAndAddLong returns 0, 2, 4, ...: 2 * (0 + 1 + ... + (v - 1)).
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, v -> 2 * Workload.triangular(v - 1));
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        // Each visit adds 2: counts visits, and -1 (never expected) for an odd value.
        long second = threads == 2 ? iterations : 0;
        Workload.checkCounters("visits to left of pair", 1, iterations, i -> visits(pairs[i].left));
        Workload.checkCounters("visits to right of pair", 1, second, i -> visits(pairs[i].right));
        Workload.report(UnsafeCounters.class, nanos, result);
    }
}
