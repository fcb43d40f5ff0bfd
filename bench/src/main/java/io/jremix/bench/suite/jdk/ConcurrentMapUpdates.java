package io.jremix.bench.suite.jdk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.jremix.bench.suite.SelfCheckException;
import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

/**
 * Four threads update shared ConcurrentHashMaps: a histogram through {@code merge}, counters through
 * {@code computeIfAbsent} and LongAdder, and a memo cache through {@code computeIfAbsent} with removal, on keys
 * from deterministic per-thread sequences with a skewed distribution (hot keys contend). The check: every
 * histogram bucket and counter equals the count computed by replaying the same sequences in one thread.
 */
public final class ConcurrentMapUpdates implements SuiteWorkload {
    private static final int THREADS = 4;
    private static final int KEYS = 4_096;

    private int operations;
    private long[] expected;

    /** What one iteration computes. */
    private record Result(Map<Integer, Long> histogram, Map<Integer, LongAdder> counters, long cacheHits) {
    }

    @Override
    public void setUp(Size size) {
        operations = size.pick(50_000, 8_000_000);
        expected = new long[KEYS];
        for (int t = 0; t < THREADS; t++) {
            long state = seed(t);
            for (int i = 0; i < operations; i++) {
                state = next(state);
                expected[key(state)]++;
            }
        }
    }

    private static long seed(int thread) {
        return 0x9E3779B97F4A7C15L * (thread + 1);
    }

    private static long next(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        return x ^ (x << 17);
    }

    /** Skewed: small keys are far more frequent than large ones. */
    private static int key(long state) {
        int r = (int) (state >>> 40) & (KEYS - 1);
        return (r * r) / KEYS;
    }

    @Override
    public Object iterate() throws InterruptedException {
        ConcurrentHashMap<Integer, Long> histogram = new ConcurrentHashMap<>();
        ConcurrentHashMap<Integer, LongAdder> counters = new ConcurrentHashMap<>();
        ConcurrentHashMap<Integer, String> cache = new ConcurrentHashMap<>();
        LongAdder cacheHits = new LongAdder();
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            long seed = seed(t);
            workers[t] = new Thread(() -> {
                long state = seed;
                for (int i = 0; i < operations; i++) {
                    state = next(state);
                    int k = key(state);
                    histogram.merge(k, 1L, Long::sum);
                    counters.computeIfAbsent(k, x -> new LongAdder()).increment();
                    boolean[] computed = {false};
                    cache.computeIfAbsent(k, x -> {
                        computed[0] = true;
                        return Integer.toHexString(x);
                    });
                    if (!computed[0]) {
                        cacheHits.increment();
                    }
                    if ((i & 1023) == 0) {
                        cache.remove(k);
                    }
                }
            }, "chm-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        return new Result(histogram, counters, cacheHits.sum());
    }

    @Override
    public void check(Object result) {
        Result r = (Result) result;
        long total = 0;
        for (int k = 0; k < KEYS; k++) {
            long n = expected[k];
            total += n;
            SuiteWorkload.expect("histogram[" + k + "]", n, r.histogram().getOrDefault(k, 0L));
            LongAdder c = r.counters().get(k);
            SuiteWorkload.expect("counter[" + k + "]", n, c == null ? 0L : c.sum());
        }
        SuiteWorkload.expect("operations", (long) THREADS * operations, total);
        if (r.cacheHits() <= 0 || r.cacheHits() >= total) {
            throw new SelfCheckException("cache hits not between 0 and " + total + ": " + r.cacheHits());
        }
    }
}
