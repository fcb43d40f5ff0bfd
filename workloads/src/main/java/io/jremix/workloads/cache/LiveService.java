package io.jremix.workloads.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;

import io.jremix.workloads.park.StopSignal;

/**
 * A service that runs until a {@code stop} line on stdin, for attaching to while it serves: a dispatcher wakes every
 * worker every {@value #PERIOD_MILLIS} ms with a request, and a worker serves it by counting on its own
 * {@link Tally} (BaseTest's loop: store, then reload). Each worker owns {@link Workload#SLOTS} tallies and takes
 * the next at each request; the {@code threads * SLOTS} tallies are allocated back to back, interleaved by
 * {@link Workload#slot} so that neighbours belong to different workers. In the {@code shared} mode they are 24
 * bytes apart, so some neighbours' {@code value} fields share a line whatever the placement (as in
 * {@link AdjacentAtomicLongs}; with one tally per worker, two workers' tallies straddle a line boundary in 1
 * placement of 4, and then there is nothing to find): expected finding <b>false sharing</b> on
 * {@code io.jremix.workloads.cache.LiveService$Tally}, field {@code value}. In the {@code padded} mode each tally is
 * a {@link PaddedTally}, 80 bytes long, so no two {@code value} fields share a line: the control.
 *
 * <p>Between requests the workers wait, so no method of {@code Tally} is running most of the time, and a detection
 * window opened in the running program can retransform it.
 *
 * <p>Args: {@code [threads=4] [iterations per request=50000] [shared|padded]}. Prints {@code serving} once the
 * workers run, and on stop {@code served <requests>} after checking every sum.
 */
public final class LiveService {
    public static final long PERIOD_MILLIS = 20;

    /** One worker's counter. */
    public static class Tally {
        public volatile long value;

        long add(long iterations) {
            long sum = 0;
            for (long i = iterations; i != 0; i--) {
                value = i;
                sum += value;
            }
            return sum;
        }
    }

    /** A tally followed by 56 bytes nobody touches: its {@code value} is 80 bytes from the next one's. */
    public static final class PaddedTally extends Tally {
        long q1, q2, q3, q4, q5, q6, q7;
    }

    private LiveService() {
    }

    public static void main(String[] args) throws InterruptedException {
        Workload.Args a = Workload.args(args, "LiveService [threads] [iterations] [shared|padded]", 2, "shared", "padded");
        int threads = a.intArg(0, "threads", 4, 1, 1024);
        long iterations = a.longArg(1, "iterations", 50_000, 1);
        boolean padded = a.mode().equals("padded");
        Tally[] tallies = Workload.consecutive(new Tally[threads * Workload.SLOTS],
                t -> padded ? new PaddedTally() : new Tally());
        Semaphore[] requests = new Semaphore[threads];
        long[] served = new long[threads];
        StopSignal stop = StopSignal.onStdin();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            requests[t] = new Semaphore(0);
            workers.add(new Thread(() -> serve(tallies, threads, requests[id], iterations, served, id, stop),
                    "worker-" + t));
        }
        workers.forEach(Thread::start);
        System.out.println("serving");
        while (!stop.requested()) {
            for (Semaphore r : requests) {
                r.release();
            }
            Thread.sleep(PERIOD_MILLIS);
        }
        for (Semaphore r : requests) {
            r.release(); // wakes a worker waiting for a request, which then sees the stop
        }
        for (Thread w : workers) {
            w.join();
        }
        long total = 0;
        for (long s : served) {
            total += s;
        }
        System.out.println("served " + total);
    }

    /**
     * Takes its tally from the array at each request, so that only the array holds the tallies: a collection then
     * copies them from it one after the other, and they keep sharing lines (a worker's stack holding its own would
     * have each copied beside that worker's other objects).
     */
    private static void serve(Tally[] tallies, int threads, Semaphore requests, long iterations, long[] served,
                              int id, StopSignal stop) {
        long expected = Workload.triangular(iterations);
        while (true) {
            requests.acquireUninterruptibly();
            requests.drainPermits(); // one request per wake, however long the last one took
            if (stop.requested()) {
                return;
            }
            Workload.checkEquals("sum of a request", expected,
                    tallies[Workload.slot(threads, id, served[id])].add(iterations));
            served[id]++;
        }
    }
}
