package io.jremix.workloads.cache;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * Threads that count through the JDK's striped counters, each of which gives every contending thread a cell of its
 * own: a {@link LongAdder} ({@code adder}: {@code Striped64$Cell}), or the size of a {@link ConcurrentHashMap}
 * ({@code map}: each thread inserts its own key with {@code merge} and removes it again, and every change of size
 * goes through {@code addCount}, into a {@code ConcurrentHashMap$CounterCell}). The JDK pads the cells with
 * {@code @Contended}; without the padding ({@code -XX:ContendedPaddingWidth=0 -Xshare:off}, as the class-data archive
 * keeps the padded layout) a cell is 24 bytes. Expected finding with those flags: <b>(latent) false sharing</b> on
 * the cell class, field {@code value}; silent on it with the JDK's padding.
 *
 * <p>Each thread allocates its cell in its own allocation buffer, hundreds of bytes or more from the others', so the
 * cells share a line only once a collection has copied them, one after the other behind their array (seen on JDK 17
 * and 25: the array and both cells within 72 bytes after one young collection). The map's insertions allocate enough
 * for collections to come by themselves; beside the adders, one more thread allocates until a collection has run,
 * as any program that allocates would.
 *
 * <p>The map's keys are the thread numbers times {@value #KEY_STRIDE}, so that in the table of 2048 bins that a map
 * made for {@value #CAPACITY} entries starts with, their bins lie 2 KB apart: the table's own elements, which each
 * thread writes in its bin, share no line. Hence at most {@value #MAX_THREADS} threads.
 *
 * <p>Args: {@code [adder|map] [threads=2] [iterations=DEFAULT_ITERATIONS]} (additions or insertions per thread).
 * Prints {@code JdkCounters Time <nanos>ns result=<the count: additions, or values merged and removed>}.
 */
public final class JdkCounters {
    public static final int DEFAULT_THREADS = 2;
    public static final long DEFAULT_ITERATIONS = 10_000_000L;
    static final int CAPACITY = 1024;
    static final int KEY_STRIDE = 512;
    static final int MAX_THREADS = 4;
    /** Where the garbage that brings on a collection goes, so that the JIT cannot drop the allocation. */
    static volatile Object garbage;

    private JdkCounters() {
    }

    /** Adds {@code iterations} times, and counts {@code started} down a tenth of the way in. */
    private static void add(LongAdder adder, long iterations, CountDownLatch started) {
        for (long k = iterations; k != 0; k--) {
            adder.increment();
            if (k == iterations - iterations / 10) {
                started.countDown();
            }
        }
    }

    private static long mergeAndRemove(ConcurrentHashMap<Integer, Long> map, Integer key, long iterations) {
        long merged = 0;
        for (long k = iterations; k != 0; k--) {
            merged += map.merge(key, 1L, Long::sum);
            merged += map.remove(key);
        }
        return merged;
    }

    /**
     * Once the adders have made their cells (a tenth of their additions in), allocates until a collector has run
     * once more. It waits on a latch rather than reading the sum, which would read the cells.
     */
    private static void collectOnce(CountDownLatch started) {
        try {
            started.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long before = collections();
        while (collections() == before) {
            garbage = new byte[4096];
        }
    }

    /** Collections of every kind so far: the collectors' order differs (Parallel lists its old one first). */
    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean c : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += c.getCollectionCount();
        }
        return n;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "JdkCounters [adder|map] [threads] [iterations]", 2, "adder", "map");
        int threads = a.intArg(0, "threads", DEFAULT_THREADS, 1, MAX_THREADS);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        long total = 0;
        long nanos;
        if (a.mode().equals("adder")) {
            LongAdder adder = new LongAdder();
            CountDownLatch started = new CountDownLatch(threads);
            nanos = Workload.runThreads(threads + 1, t -> {
                if (t < threads) {
                    add(adder, iterations, started);
                } else {
                    collectOnce(started);
                }
            });
            total = adder.sum();
            Workload.checkEquals("sum", threads * iterations, total);
        } else {
            ConcurrentHashMap<Integer, Long> map = new ConcurrentHashMap<>(CAPACITY);
            long[] merged = new long[threads];
            nanos = Workload.runThreads(threads, t -> merged[t] = mergeAndRemove(map, t * KEY_STRIDE, iterations));
            for (long m : merged) {
                total += m;
            }
            Workload.checkEquals("values merged and removed", 2 * threads * iterations, total);
            Workload.checkEquals("entries left", 0, map.mappingCount());
        }
        Workload.report(JdkCounters.class, nanos, total);
    }
}
