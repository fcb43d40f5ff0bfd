package io.jremix.workloads.cache;

/**
 * Thread 0 increments the {@code count} of two {@link Counter}s in turn; thread 1 only calls {@link Limit#limit()}
 * on the same two objects in turn, which returns a constant and reads no field. The interface call still checks the
 * receiver's class, reading the class word in the object's header, next to {@code count} (an int, the first field):
 * the caller keeps taking the line away from the writer. Expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.InterfaceReceivers$Counter}, field {@code count}, which padding moves a line away
 * from the header.
 *
 * <p>Sharing by construction. With compressed class pointers the class word (bytes 8–11) and {@code count} (12–15)
 * lie in one 8-byte word, so on one line. Without them the header takes 16 bytes and {@code count} starts at 16: a
 * line boundary falls between the two when the object starts 48 bytes into its line (Temurin 25 found nothing in 3
 * of 8 runs of one counter). The two counters are allocated back to back, 24 bytes apart, so the boundary cannot
 * fall there in both: one of them always has its class word and its {@code count} on one line.
 *
 * <p>Args: {@code [iterations=DEFAULT_ITERATIONS]}, per thread. Prints
 * {@code InterfaceReceivers Time <nanos>ns result=<counts + the limits read>}.
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

    private static void write(Counter first, Counter second, long iterations) {
        for (long k = iterations; k != 0; k--) {
            ((k & 1) == 0 ? first : second).count++;
        }
    }

    /*
     * The reader's receivers: volatile, so that the loop loads them anew every time and the JIT cannot check their
     * class once for the whole loop; static, so that they live in the class mirror, far from the counters.
     */
    private static volatile Limit firstReceiver;
    private static volatile Limit secondReceiver;

    private static long call(long iterations) {
        long sum = 0;
        for (long k = iterations; k != 0; k--) {
            sum += ((k & 1) == 0 ? firstReceiver : secondReceiver).limit();
        }
        return sum;
    }

    public static void main(String[] args) {
        long iterations = Workload.args(args, "InterfaceReceivers [iterations]", 1)
                .longArg(0, "iterations", DEFAULT_ITERATIONS, 1);
        Counter[] counters = Workload.consecutive(new Counter[2], i -> new Counter());
        firstReceiver = counters[0];
        secondReceiver = counters[1];
        long[] limits = new long[1];
        long nanos = Workload.runThreads(2, t -> {
            if (t == 0) {
                write(counters[0], counters[1], iterations);
            } else {
                limits[0] = call(iterations);
            }
        });
        long counts = (long) counters[0].count + counters[1].count;
        Workload.checkEquals("counts", iterations, counts);
        Workload.checkEquals("limits read", iterations, limits[0]);
        Workload.report(InterfaceReceivers.class, nanos, counts + limits[0]);
    }
}
