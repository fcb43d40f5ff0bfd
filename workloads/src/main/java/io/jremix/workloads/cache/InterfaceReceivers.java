package io.jremix.workloads.cache;

/**
 * Thread 0 increments the {@code count} of a {@link Counter}; thread 1 only calls {@link Limit#limit()} on the same
 * object, which returns a constant and reads no field. The interface call still checks the receiver's class, reading
 * the class word in the object's header, and {@code count} (an int, the first field, right after that word) is on
 * the same line in every placement: the caller keeps taking the line away from the writer. Expected finding:
 * <b>false sharing</b> on {@code io.jremix.workloads.cache.InterfaceReceivers$Counter}, field {@code count}, which
 * padding moves a line away from the header.
 *
 * <p>Args: {@code [iterations=DEFAULT_ITERATIONS]}, per thread. Prints
 * {@code InterfaceReceivers Time <nanos>ns result=<count + the limits read>}.
 */
public final class InterfaceReceivers {
    public static final long DEFAULT_ITERATIONS = 50_000_000L;

    /** What the reader calls: an interface, so that the call site checks the receiver's class. */
    interface Limit {
        int limit();
    }

    static final class Counter implements Limit {
        volatile int count;

        @Override
        public int limit() {
            return 1;
        }
    }

    private InterfaceReceivers() {
    }

    private static void write(Counter counter, long iterations) {
        for (long k = iterations; k != 0; k--) {
            counter.count++;
        }
    }

    /**
     * The reader's receiver: volatile, so that the loop loads it anew every time and the JIT cannot check its class
     * once for the whole loop; static, so that it lives in the class mirror, far from the counter.
     */
    private static volatile Limit receiver;

    private static long call(long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            sum += receiver.limit();
        }
        return sum;
    }

    public static void main(String[] args) {
        long iterations = Workload.args(args, "InterfaceReceivers [iterations]", 1)
                .longArg(0, "iterations", DEFAULT_ITERATIONS, 1);
        Counter counter = new Counter();
        receiver = counter;
        long[] limits = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                write(counter, iterations);
            } else {
                limits[0] = call(iterations);
            }
        });
        Workload.checkEquals("count", (int) iterations, counter.count);
        Workload.checkEquals("limits read", iterations, limits[0]);
        Workload.report(InterfaceReceivers.class, nanos, counter.count + limits[0]);
    }
}
