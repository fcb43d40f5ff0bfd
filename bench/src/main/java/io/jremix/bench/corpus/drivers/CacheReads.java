package io.jremix.bench.corpus.drivers;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * Threads read (and with {@code reads-writes}, one thread writes) a bounded Caffeine cache that holds every key they
 * ask for, the shape of two corpus bugs fixed in Caffeine's read path:
 * <ul>
 *   <li>{@code reads}: two readers. Each read is recorded in the cache's read buffer (a ring buffer: the reader
 *   advances its write counter), and when the buffer fills, the reader that gets the eviction lock drains it
 *   (advancing its read counter); the two counters, separate {@code AtomicLong}s allocated one after the other, sat
 *   on one line until Caffeine 1.1.0 padded them apart.</li>
 *   <li>{@code reads-writes}: one reader, one writer putting the values other keys already have. Every write sets the
 *   drain status, an {@code AtomicReference} allocated between the cache and its hash map, whose fields every read
 *   goes through, until Caffeine 1.2.0 moved the status into the cache object between pads.</li>
 * </ul>
 *
 * <p>Usage: {@code CacheReads <reads|reads-writes> <operations per thread> [<cap seconds>]}.
 */
public final class CacheReads {
    private static final int KEYS = 64;

    private CacheReads() {
    }

    public static void main(String[] args) throws InterruptedException {
        Bounds bounds = Bounds.read("CacheReads", "<reads|reads-writes>", args);
        boolean writer = switch (bounds.variant()) {
            case "reads" -> false;
            case "reads-writes" -> true;
            default -> throw new IllegalArgumentException("unknown workload: " + bounds.variant());
        };
        Cache<Integer, Integer> cache = Caffeine.newBuilder().maximumSize(1_000).build();
        Integer[] keys = new Integer[2 * KEYS];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = k;
            cache.put(keys[k], keys[k]);
        }
        long[][] counts = new long[2][];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            int thread = t;
            boolean writes = writer && t == 1;
            threads[t] = new Thread(() -> {
                long operations = 0;
                long sum = 0;
                while (operations < bounds.items && (operations % 1024 != 0 || !bounds.overCap())) {
                    Integer key = keys[(int) (operations % KEYS + (writes ? KEYS : 0))];
                    if (writes) {
                        cache.put(key, key);
                    } else {
                        sum += cache.getIfPresent(key);
                    }
                    operations++;
                }
                counts[thread] = new long[] {operations, writes ? 0 : operations / KEYS * sumBelow(KEYS)
                        + sumBelow(operations % KEYS), sum};
            }, writes ? "writer" : "reader-" + (t + 1));
            threads[t].start();
        }
        long[] total = Bounds.joinAndSum(threads, counts);
        bounds.end(total[0], 2 * bounds.items, total[1], total[2]);
    }

    /** 0 + 1 + ... + (n - 1): what a pass over the first {@code n} keys reads. */
    private static long sumBelow(long n) {
        return n * (n - 1) / 2;
    }
}
