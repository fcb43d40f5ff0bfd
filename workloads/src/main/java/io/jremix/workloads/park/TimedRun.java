package io.jremix.workloads.park;

import java.util.concurrent.atomic.LongAdder;

import io.jremix.workloads.cache.Workload;

/** The shared loop of this package's workloads: threads start together and repeat a step until the time is up. */
final class TimedRun {
    /** What a run did: steps completed by all threads, and wall-clock nanoseconds from first start to last join. */
    record Result(long steps, long nanos) {
    }

    private TimedRun() {
    }

    /** Runs {@code step} on {@code threads} threads for {@code millis} ms after they have all started. */
    static Result run(int threads, long millis, Runnable step) {
        StartGate gate = new StartGate(threads);
        LongAdder steps = new LongAdder();
        long nanos = Workload.runThreads(threads, t -> {
            long deadline = gate.await() + millis * 1_000_000;
            long n = 0;
            while (System.nanoTime() - deadline < 0) {
                step.run();
                n++;
            }
            steps.add(n);
        });
        return new Result(steps.sum(), nanos);
    }

    /** Sleeps inside a critical section, which is what makes it long; an interrupt there is a failure. */
    static void hold(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in a critical section", e);
        }
    }
}
