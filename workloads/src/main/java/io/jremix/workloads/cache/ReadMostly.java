package io.jremix.workloads.cache;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Healthy read sharing: one {@link Config} object is read in a tight loop by {@code readers} threads (its volatile
 * {@code version} and, after it, the plain fields {@code base}, {@code scale} and {@code limit}), while one more
 * thread, the writer, only bumps {@code version} every {@value #WRITE_PERIOD_MILLIS} ms and sleeps in between. The
 * line is shared and mostly clean: the readers miss at most once per write, a few dozen times a second.
 * <b>Control: must stay silent.</b>
 *
 * <p>Args: {@code [readers=2] [iterations=DEFAULT_ITERATIONS]} (iterations per reader; the writer stops when the
 * readers are done). Prints {@code ReadMostly Time <nanos>ns result=<sum of base + scale + limit over all
 * reads>}.
 */
public final class ReadMostly {
    public static final int DEFAULT_READERS = 2;
    public static final long DEFAULT_ITERATIONS = 1_400_000_000L;
    public static final long WRITE_PERIOD_MILLIS = 50;

    static final class Config {
        volatile long version;
        long base = 3;
        long scale = 5;
        int limit = 7;
    }

    static final Config config = new Config();

    private ReadMostly() {
    }

    /** Sums the plain fields on every iteration; the volatile read of {@code version} keeps them reloaded. */
    private static long read(long iterations, long[] versionsSeen) {
        long sum = 0;
        long last = -1;
        long seen = 0;
        for (long k = iterations; k != 0; k--) {
            long v = config.version;
            if (v != last) {
                last = v;
                seen++;
            }
            sum += config.base + config.scale + config.limit;
        }
        versionsSeen[0] = seen;
        return sum;
    }

    private static long write(CountDownLatch readersDone) {
        long writes = 0;
        try {
            while (!readersDone.await(WRITE_PERIOD_MILLIS, TimeUnit.MILLISECONDS)) {
                config.version = config.version + 1;
                writes++;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return writes;
    }

    public static void main(String[] args) {
        Workload.Args a = Workload.args(args, "ReadMostly [readers] [iterations]", 2);
        int readers = a.intArg(0, "readers", DEFAULT_READERS, 1, 1024);
        long iterations = a.longArg(1, "iterations", DEFAULT_ITERATIONS, 1);
        CountDownLatch readersDone = new CountDownLatch(readers);
        long[] sums = new long[readers];
        long[][] seen = new long[readers][1];
        long[] writes = new long[1];
        long nanos = Workload.runThreads(readers + 1, t -> {
            if (t < readers) {
                sums[t] = read(iterations, seen[t]);
                readersDone.countDown();
            } else {
                writes[0] = write(readersDone);
            }
        });
        long perRead = config.base + config.scale + config.limit;
        long result = 0;
        for (int t = 0; t < readers; t++) {
            Workload.checkEquals("sum of reader " + t, iterations * perRead, sums[t]);
            Workload.check(seen[t][0] >= 1 && seen[t][0] <= writes[0] + 1, "versions seen by reader " + t,
                    writes[0] + 1, seen[t][0]);
            result += sums[t];
        }
        Workload.checkEquals("version", writes[0], config.version);
        Workload.report(ReadMostly.class, nanos, result);
    }
}
