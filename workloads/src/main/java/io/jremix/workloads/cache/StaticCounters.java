package io.jremix.workloads.cache;

/**
 * Four adjacent static volatile longs, {@link Counters#first}, {@code second}, {@code third} and {@code fourth},
 * 8 bytes apart in the statics block of {@code Counters} (its {@code java.lang.Class} mirror), owned alternately by
 * the two threads: thread 0 increments and reads back {@code first} and {@code third}, thread 1 {@code second} and
 * {@code fourth}, each alternating between its two in a tight loop. Expected finding: <b>false sharing</b> on
 * static fields of {@code io.jremix.workloads.cache.StaticCounters$Counters}.
 *
 * <p>Sharing by construction: statics cannot be moved, but HotSpot lays out the statics of one class that have
 * the same type in declaration order (checked on JDK 17 and 25: offsets 8 bytes apart), so the four counters span
 * 32 bytes, which hold at most one line boundary. A boundary separates only one of the three pairs of neighbours,
 * and every pair of neighbours belongs to different threads, so at least two such pairs share a line wherever the
 * mirror is.
 *
 * <p>Args: {@code [threads=2] [iterations=DEFAULT_ITERATIONS]}; threads is 1 (only {@code first} and
 * {@code third}) or 2; iterations are per thread. Prints
 * {@code StaticCounters Time <nanos>ns result=<sum of the values read back>}.
 */
public final class StaticCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 40_000_000L;

    /** Holds nothing but the counters, so they are its only statics and are laid out side by side. */
    static final class Counters {
        static volatile long first;
        static volatile long second;
        static volatile long third;
        static volatile long fourth;

        private Counters() {
        }
    }

    private StaticCounters() {
    }

    private static long runFirstAndThird(long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            if ((k & 1) == 0) {
                Counters.first = Counters.first + 1;
                sum += Counters.first;
            } else {
                Counters.third = Counters.third + 1;
                sum += Counters.third;
            }
        }
        return sum;
    }

    private static long runSecondAndFourth(long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            if ((k & 1) == 0) {
                Counters.second = Counters.second + 1;
                sum += Counters.second;
            } else {
                Counters.fourth = Counters.fourth + 1;
                sum += Counters.fourth;
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "StaticCounters [threads 1..2] [iterations]", 2);
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, 2);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        long[] sums = new long[threads];
        Counters.first = Counters.second = Counters.third = Counters.fourth = 0; // main may run again in this JVM
        long nanos = Workload.runThreads(threads,
                t -> sums[t] = t == 0 ? runFirstAndThird(iterations) : runSecondAndFourth(iterations));
        long expectedSum = Workload.spread(iterations, 2, Workload::triangular);
        long result = 0;
        for (int t = 0; t < threads; t++) {
            Workload.checkEquals("sum of thread " + t, expectedSum, sums[t]);
            result += sums[t];
        }
        long even = Workload.visits(iterations, 2, 0);
        long odd = Workload.visits(iterations, 2, 1);
        Workload.checkEquals("first", even, Counters.first);
        Workload.checkEquals("second", threads == 2 ? even : 0, Counters.second);
        Workload.checkEquals("third", odd, Counters.third);
        Workload.checkEquals("fourth", threads == 2 ? odd : 0, Counters.fourth);
        Workload.report(StaticCounters.class, nanos, result);
    }
}
