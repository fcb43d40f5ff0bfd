package io.jremix.bench.corpus.drivers;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Two threads put and remove keys of their own in one {@link ConcurrentHashMap}. Each update adds to the map's
 * size count: once two threads collide on the base count, each adds into a {@code CounterCell} of its own, which
 * the JDK pads with {@code @Contended} (the cells and the array that holds them are small objects, allocated next
 * to each other and to what the same thread allocated before).
 *
 * <p>Usage: {@code MapCounts chm <updates per thread> [<cap seconds>]}.
 */
public final class MapCounts {
    private static final int KEYS = 1024;

    private MapCounts() {
    }

    public static void main(String[] args) throws InterruptedException {
        Bounds bounds = Bounds.read("MapCounts", "chm", args);
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        long[][] counts = new long[2][];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            int thread = t;
            threads[t] = new Thread(() -> {
                Integer[] keys = new Integer[KEYS];
                for (int k = 0; k < KEYS; k++) {
                    keys[k] = thread * KEYS + k;
                }
                long updates = 0;
                long put = 0;
                long removed = 0;
                while (updates < bounds.items && (updates % 1024 != 0 || !bounds.overCap())) {
                    Integer key = keys[(int) (updates / 2 % KEYS)];
                    if (updates % 2 == 0) {
                        map.put(key, key);
                        put += key;
                    } else {
                        removed += map.remove(key);
                    }
                    updates++;
                }
                counts[thread] = new long[] {updates, put, removed};
            }, "updater-" + (t + 1));
            threads[t].start();
        }
        long[] total = Bounds.joinAndSum(threads, counts);
        long left = map.values().stream().mapToLong(Integer::longValue).sum();
        bounds.end(total[0], 2 * bounds.items, total[1], total[2] + left);
    }
}
