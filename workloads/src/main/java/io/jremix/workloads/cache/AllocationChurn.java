package io.jremix.workloads.cache;

/**
 * A control for address epochs: each thread allocates short-lived arrays and writes them, so nothing is shared,
 * but with a small heap the young generation is collected many times a second and each thread's new allocation
 * buffer lands on memory another thread used before the collection. A detector that compared addresses across
 * collections would see the same lines written by different threads; it must stay silent. One array in 1024 is
 * kept in a thread-local: an array that never left its method would get no probes, and the control would trace
 * nothing.
 *
 * <p>Args: {@code [threads=2] [arrays=30000000]} (per thread). Run with a small heap, e.g. {@code -Xmx32m}.
 * Prints {@code AllocationChurn Time <nanos>ns result=<checksum>}.
 */
public final class AllocationChurn {
    /** Each thread's last array kept. */
    private static final ThreadLocal<long[]> KEPT = new ThreadLocal<>();

    private AllocationChurn() {
    }

    private static long churn(long arrays, int seed) {
        long sum = 0;
        for (long n = 0; n < arrays; n++) {
            long[] a = new long[8];
            for (int i = 0; i < a.length; i++) {
                a[i] = n + i + seed;
            }
            sum += a[(int) (n & 7)];
            if ((n & 1023) == 0) {
                KEPT.set(a);
            }
        }
        return sum + KEPT.get()[0];
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        long arrays = args.length > 1 ? Long.parseLong(args[1]) : 30_000_000L;
        long[] results = new long[threads];
        Thread[] workers = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> results[id] = churn(arrays, id));
            workers[t].start();
        }
        long result = 0;
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            result += results[t];
        }
        System.out.println("AllocationChurn Time " + (System.nanoTime() - start) + "ns result=" + result);
    }
}
