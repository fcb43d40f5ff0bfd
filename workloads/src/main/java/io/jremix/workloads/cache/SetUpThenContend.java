package io.jremix.workloads.cache;

/**
 * A program in two phases, both in this class's code: the main thread first fills a table on its own for a while,
 * then two threads increment the two adjacent {@code volatile long} fields of one {@link Pair} ({@link BaseTest}'s
 * false sharing, both fields in one object). Detection that stopped tracing this class during the first phase, for
 * showing no contention, would miss the second. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.SetUpThenContend$Pair}, fields {@code left} and {@code right}.
 *
 * <p>Args: {@code [setUpMillis=2000] [iterations=DEFAULT_ITERATIONS]} (how long the first phase lasts, iterations
 * per thread in the second). Prints {@code SetUpThenContend Time <nanos>ns result=<sum>}: the table's checksum and
 * the two counters, timed over the second phase.
 */
public final class SetUpThenContend {
    public static final long DEFAULT_ITERATIONS = 100_000_000L;
    private static final int TABLE = 1 << 16;

    public static final class Pair {
        public volatile long left;
        public volatile long right;
    }

    private SetUpThenContend() {
    }

    /** Fills {@code table} over and over until {@code millis} have passed; returns its checksum. */
    private static long setUp(long[] table, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long round = 0;
        while (System.nanoTime() - end < 0) {
            round++;
            for (int i = 0; i < table.length; i++) {
                table[i] = round * i;
            }
        }
        long sum = 0;
        for (long v : table) {
            sum += v;
        }
        return sum;
    }

    private static void increment(Pair pair, int side, long iterations) {
        for (long k = 0; k < iterations; k++) {
            if (side == 0) {
                pair.left++;
            } else {
                pair.right++;
            }
        }
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SetUpThenContend [setUpMillis] [iterations]", 2);
        long millis = a.longArg(0, "setUpMillis", 2000, 0);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        long checksum = setUp(new long[TABLE], millis);
        Pair pair = new Pair();
        long nanos = Workload.runThreads(2, t -> increment(pair, t, iterations));
        Workload.checkEquals("left", iterations, pair.left);
        Workload.checkEquals("right", iterations, pair.right);
        Workload.report(SetUpThenContend.class, nanos, checksum + pair.left + pair.right);
    }
}
