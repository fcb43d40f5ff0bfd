package io.jremix.workloads.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

import io.jremix.workloads.park.StopSignal;

/**
 * {@link LiveService} at saturation, for measuring an attached jremix's cost: each worker serves requests back to
 * back until a {@code stop} line on stdin, so the workers keep every core busy. A request counts on one of the
 * worker's own {@link LiveService.Tally tallies}, interleaved with the others' as in {@link LiveService} so that
 * some of them share a line whatever the placement (expected finding: <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.LiveService$Tally}, field {@code value}), then checks a buffer of its own in
 * {@link Checksum}, and under one shared {@link ReentrantLock} adds one to a total and folds its checksum into a
 * shared log, on which the workers park now and then (a {@code ReentrantLock$NonfairSync} row in the park report).
 *
 * <p>Most of a request's time is spent outside {@code Tally}, so that a detection window opened in the running
 * program finds moments when no worker is inside {@code Tally.add} and can retransform it (a class is not
 * retransformed while one of its methods runs).
 *
 * <p>Every {@value #PRINT_MILLIS} ms the main thread prints {@code served <epoch millis> <requests so far>}; on stop,
 * {@code served <requests>} after checking that the locked total agrees.
 *
 * <p>Args: {@code [threads=2] [iterations on the tally per request=50]}.
 */
public final class SaturatedService {
    static final long PRINT_MILLIS = 100;
    private static final int BUFFER = 512;
    /** Passes of a request's checksum over its buffer: about twice the time of its 50 tally iterations. */
    private static final int ROUNDS = 8;
    /** Longs of the shared log a request updates under the lock: holds it long enough for the other to park. */
    private static final int LOG = 256;

    private SaturatedService() {
    }

    /**
     * The part of a request outside {@code Tally}: a checksum over the worker's own buffer. Its loop counts with a
     * {@code long}, like {@code Tally.add}'s, so that compiled code polls for safepoints in both at the same rate, and
     * a stack taken at a safepoint finds a worker here as often as it spends its time here.
     */
    static final class Checksum {
        private final long[] buffer = new long[BUFFER];

        long of(long seed, long rounds) {
            long h = seed;
            for (long i = rounds * BUFFER; i != 0; i--) {
                int slot = (int) (i % BUFFER);
                buffer[slot] = h = h * 31 + buffer[slot];
            }
            return h;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Workload.Args a = Workload.args(args, "SaturatedService [threads] [iterations]", 2);
        int threads = a.intArg(0, "threads", 2, 1, 1024);
        long iterations = a.longArg(1, "iterations", 50, 1);
        LiveService.Tally[] tallies = Workload.consecutive(new LiveService.Tally[threads * Workload.SLOTS],
                t -> new LiveService.Tally());
        LongAdder served = new LongAdder();
        ReentrantLock lock = new ReentrantLock();
        long[] lockedTotal = new long[1 + LOG];
        StopSignal stop = StopSignal.onStdin();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers.add(new Thread(() -> serve(tallies, threads, id, iterations, served, lock, lockedTotal, stop),
                    "worker-" + t));
        }
        workers.forEach(Thread::start);
        while (!stop.requested()) {
            System.out.println("served " + System.currentTimeMillis() + " " + served.sum());
            Thread.sleep(PRINT_MILLIS);
        }
        for (Thread w : workers) {
            w.join();
        }
        Workload.checkEquals("requests counted under the lock", served.sum(), lockedTotal[0]);
        System.out.println("served " + served.sum());
    }

    private static void serve(LiveService.Tally[] tallies, int threads, int id, long iterations, LongAdder served,
                              ReentrantLock lock, long[] lockedTotal, StopSignal stop) {
        long expected = Workload.triangular(iterations);
        Checksum checksum = new Checksum();
        long sink = 0; // each request's checksum depends on the last, so none can be skipped
        for (long request = 0; !stop.requested(); request++) {
            Workload.checkEquals("sum of a request", expected,
                    tallies[Workload.slot(threads, id, request)].add(iterations));
            sink += checksum.of(sink, ROUNDS);
            lock.lock();
            try {
                lockedTotal[0]++;
                for (int i = 1; i <= LOG; i++) {
                    lockedTotal[i] = lockedTotal[i] * 31 + sink;
                }
            } finally {
                lock.unlock();
            }
            served.increment();
        }
        if (sink == 42) {
            System.out.print(""); // keeps the checksum's result alive for the JIT
        }
    }
}
