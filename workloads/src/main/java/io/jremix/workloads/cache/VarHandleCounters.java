package io.jremix.workloads.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Counters updated only through {@link VarHandle}s, in one of three modes, each thread cycling over
 * {@value Workload#SLOTS} counters. Mode {@code field} (default): the two adjacent plain (non-volatile) longs of
 * {@value Workload#SLOTS} {@link Pair}s that both threads cycle over; each iteration thread 0 does
 * {@code LEFT.getAndAdd(pair, 1L)} and {@code LEFT.getVolatile(pair)} on the next pair, thread 1 the same on its
 * {@code right}. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.VarHandleCounters$Pair}, fields {@code left} and {@code right}. Mode
 * {@code array}: the same on the elements of a {@code long[threads * SLOTS]}, through
 * {@code MethodHandles.arrayElementVarHandle(long[].class)}, element {@code s * threads + t} belonging to thread
 * {@code t} ({@link Workload#slot}). Expected finding: <b>false sharing</b> on {@code long[]} (array elements).
 * Mode {@code static}: the same on the eight static longs of {@link Totals}, through one handle each, made before
 * {@code Totals} is initialized, which from Java 22 gives handles that initialize it on first use (the kind a class
 * gets that makes handles to its own statics in its static initializer). Expected finding: <b>false sharing</b> on
 * static fields of {@code io.jremix.workloads.cache.VarHandleCounters$Totals}.
 *
 * <p>Sharing by construction. Fields: {@code left} and {@code right} are 8 bytes apart, so in one pair they are
 * split by a line boundary in 1 placement of 8; the pairs are allocated back to back
 * ({@link Workload#consecutive}), 32 bytes apart with compressed oops, so if a boundary splits one pair it cannot
 * split its neighbours: at least 2 of the 4 pairs have both fields on one line. Array: every two neighbouring
 * elements belong to different threads, and the 8 elements of two threads span 64 bytes, which hold at most one
 * line boundary, so at least 6 of the 7 pairs of neighbours share a line. Statics: the same, HotSpot laying out the
 * statics of one type in declaration order, 8 bytes apart (as {@link StaticCounters} relies on).
 *
 * <p>Args: {@code [field|array|static] [threads=2] [iterations=DEFAULT_ITERATIONS]}; the mode word may come anywhere;
 * threads is 1 (only the first thread's counters) or 2; iterations are per thread. Prints
 * {@code VarHandleCounters Time <nanos>ns result=<sum of the values read>}.
 */
public final class VarHandleCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 20_000_000L;

    static final class Pair {
        long left;
        long right;
    }

    /** Counter {@code i} of {@link Workload#slot} is {@code t<i>}; nothing else, so they lie side by side. */
    static final class Totals {
        static long t0;
        static long t1;
        static long t2;
        static long t3;
        static long t4;
        static long t5;
        static long t6;
        static long t7;

        private Totals() {
        }
    }

    static final VarHandle LEFT;
    static final VarHandle RIGHT;
    static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
    static final VarHandle[] TOTALS = new VarHandle[2 * Workload.SLOTS];

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            LEFT = lookup.findVarHandle(Pair.class, "left", long.class);
            RIGHT = lookup.findVarHandle(Pair.class, "right", long.class);
            for (int i = 0; i < TOTALS.length; i++) {
                TOTALS[i] = lookup.findStaticVarHandle(Totals.class, "t" + i, long.class);
            }
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private VarHandleCounters() {
    }

    // One loop per handle: a VarHandle held in a static final field is a constant the JIT inlines through.
    private static long runLeft(Pair[] pairs, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            Pair pair = pairs[(int) k & (Workload.SLOTS - 1)];
            long unused = (long) LEFT.getAndAdd(pair, 1L);
            sum += (long) LEFT.getVolatile(pair);
        }
        return sum;
    }

    private static long runRight(Pair[] pairs, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            Pair pair = pairs[(int) k & (Workload.SLOTS - 1)];
            long unused = (long) RIGHT.getAndAdd(pair, 1L);
            sum += (long) RIGHT.getVolatile(pair);
        }
        return sum;
    }

    private static long runCell(long[] cells, int threads, int t, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            int i = Workload.slot(threads, t, k);
            long unused = (long) CELLS.getAndAdd(cells, i, 1L);
            sum += (long) CELLS.getVolatile(cells, i);
        }
        return sum;
    }

    private static long runTotal(int threads, int t, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            VarHandle total = TOTALS[Workload.slot(threads, t, k)];
            long unused = (long) total.getAndAdd(1L);
            sum += (long) total.getVolatile();
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "VarHandleCounters [field|array|static] [threads 1..2] [iterations]", 2,
                "field", "array", "static");
        String mode = a.mode();
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 2);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        Pair[] pairs = Workload.consecutive(new Pair[Workload.SLOTS], i -> new Pair());
        long[] cells = new long[threads * Workload.SLOTS];
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> {
            sums[t] = switch (mode) {
                case "array" -> runCell(cells, threads, t, iterations);
                case "static" -> runTotal(threads, t, iterations);
                default -> t == 0 ? runLeft(pairs, iterations) : runRight(pairs, iterations);
            };
        });
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, Workload::triangular);
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        switch (mode) {
            case "array" -> Workload.checkCounters("cell", threads, iterations, i -> cells[i]);
            case "static" -> Workload.checkCounters("total", threads, iterations, i -> (long) TOTALS[i].get());
            default -> {
                Workload.checkCounters("left of pair", 1, iterations, i -> pairs[i].left);
                Workload.checkCounters("right of pair", 1, threads == 2 ? iterations : 0, i -> pairs[i].right);
            }
        }
        Workload.report(VarHandleCounters.class, nanos, result);
    }
}
