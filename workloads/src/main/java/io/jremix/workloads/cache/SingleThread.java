package io.jremix.workloads.cache;

/**
 * One worker thread hammering several fields of one {@link State} object (three volatile longs, a volatile int and
 * a plain long) and the elements of a small {@code long[]} in a tight loop, like {@link BaseTest} with one thread
 * but more fields. Everything sits on one or two cache lines, but only one thread ever touches them (the main
 * thread just waits). <b>Control: must stay silent.</b>
 *
 * <p>Both objects are allocated by the method that loops over them and never leave it, so detection leaves their
 * accesses unprobed: no other thread can reach them. {@link PublishedCounters} is the control whose one writer's
 * object is reachable by others, and traced.
 *
 * <p>The volatile accesses in the loop also keep C2 from keeping the plain field and the array elements in
 * registers: every iteration really loads and stores them.
 *
 * <p>Args: {@code [iterations=DEFAULT_ITERATIONS]}. Prints
 * {@code SingleThread Time <nanos>ns result=<checksum over all values read>}.
 */
public final class SingleThread {
    public static final long DEFAULT_ITERATIONS = 50_000_000L;
    static final int CELLS = 8;

    static final class State {
        volatile long a;
        volatile long b;
        volatile long c;
        volatile int d;
        long e;
    }

    private SingleThread() {
    }

    private static long run(long iterations) {
        State state = new State();
        long[] cells = new long[CELLS];
        long sum = 0;
        for (long k = 1; k <= iterations; k++) {
            state.a = k;
            state.b = state.a + 1;
            state.c = state.c + 2;
            state.d = (int) k;
            state.e = state.e + state.d;
            cells[(int) (k & (CELLS - 1))] += k;
            sum += state.b + state.c + state.e + cells[(int) ((k + 1) & (CELLS - 1))];
        }
        return sum;
    }

    /** The same computation without the object and the array, to check the threaded run. */
    private static long expected(long iterations) {
        long c = 0;
        long e = 0;
        long[] local = new long[CELLS];
        long sum = 0;
        for (long k = 1; k <= iterations; k++) {
            c += 2;
            e += (int) k;
            local[(int) (k & (CELLS - 1))] += k;
            sum += (k + 1) + c + e + local[(int) ((k + 1) & (CELLS - 1))];
        }
        return sum;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "SingleThread [iterations]", 1);
        long iterations = a.longArg(0, "iterations", DEFAULT_ITERATIONS, 1);
        long[] sum = new long[1];
        long nanos = Workload.runThreads(1, t -> sum[0] = run(iterations));
        Workload.checkEquals("checksum", expected(iterations), sum[0]);
        Workload.report(SingleThread.class, nanos, sum[0]);
    }
}
