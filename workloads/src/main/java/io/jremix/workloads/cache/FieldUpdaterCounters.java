package io.jremix.workloads.cache;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Two adjacent volatile longs of a {@link Pair}, updated only through {@link AtomicLongFieldUpdater}s, in
 * {@value Workload#SLOTS} pairs that both threads cycle over: each iteration thread 0 does
 * {@code LEFT.incrementAndGet(pair)} and {@code LEFT.get(pair)} on the next pair, thread 1 the same on its
 * {@code right}. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.FieldUpdaterCounters$Pair}, fields {@code left} and {@code right}.
 *
 * <p>Sharing by construction: {@code left} and {@code right} are 8 bytes apart, so in one pair they are split by
 * a line boundary in 1 placement of 8 (a boundary right at {@code right}). The pairs are allocated back to back
 * ({@link Workload#consecutive}), 32 bytes apart with compressed oops, so if a boundary splits one pair it cannot
 * split its neighbours: at least 2 of the 4 pairs have {@code left} and {@code right} on one line (and the
 * {@code right} of one pair is 24 bytes before the {@code left} of the next, often on the same line too).
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]}; threads is 1 (only {@code left}) or 2; iterations
 * are per thread. Prints {@code FieldUpdaterCounters Time <nanos>ns result=<sum of the values read>}.
 */
public final class FieldUpdaterCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 20_000_000L;

    static final class Pair {
        volatile long left;
        volatile long right;
    }

    static final AtomicLongFieldUpdater<Pair> LEFT = AtomicLongFieldUpdater.newUpdater(Pair.class, "left");
    static final AtomicLongFieldUpdater<Pair> RIGHT = AtomicLongFieldUpdater.newUpdater(Pair.class, "right");

    private FieldUpdaterCounters() {
    }

    private static long run(AtomicLongFieldUpdater<Pair> updater, Pair[] pairs, long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            Pair pair = pairs[(int) k & (Workload.SLOTS - 1)];
            updater.incrementAndGet(pair);
            sum += updater.get(pair);
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "FieldUpdaterCounters [threads 1..2] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 2);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        Pair[] pairs = Workload.consecutive(new Pair[Workload.SLOTS], i -> new Pair());
        long[] sums = new long[threads];
        long nanos = Workload.runThreads(threads, t -> sums[t] = run(t == 0 ? LEFT : RIGHT, pairs, iterations));
        long expectedSum = Workload.spread(iterations, Workload.SLOTS, Workload::triangular);
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        Workload.checkCounters("left of pair", 1, iterations, i -> pairs[i].left);
        Workload.checkCounters("right of pair", 1, threads == 2 ? iterations : 0, i -> pairs[i].right);
        Workload.report(FieldUpdaterCounters.class, nanos, result);
    }
}
