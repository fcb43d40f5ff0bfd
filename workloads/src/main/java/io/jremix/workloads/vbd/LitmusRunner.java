package io.jremix.workloads.vbd;

/**
 * Runs a {@link LitmusCase} for a number of trials. The actors meet at a barrier, run their parts over the batch,
 * meet again, and actor 0 counts the outcomes and makes the next batch of fresh states. When there is a core for
 * every actor they also start each trial together ({@link Lockstep}); with more actors than cores (IRIW on two
 * cores) a per-trial barrier would wait for the scheduler on every trial, so they only meet per batch.
 */
final class LitmusRunner {
    static final int BATCH = 4096;

    private LitmusRunner() {
    }

    static Histogram run(LitmusCase<?> test, long trials) throws InterruptedException {
        Histogram histogram = new Histogram();
        int actors = test.actors();
        SpinBarrier barrier = new SpinBarrier(actors);
        Lockstep lockstep = actors <= Runtime.getRuntime().availableProcessors() ? new Lockstep(actors) : null;
        long batches = (trials + BATCH - 1) / BATCH;
        Object[][] current = {test.newBatch(BATCH)};
        Thread[] threads = new Thread[actors];
        for (int a = 0; a < actors; a++) {
            int actor = a;
            threads[a] = new Thread(() -> {
                long trial = 0;
                for (long b = 0; b < batches; b++) {
                    barrier.await();
                    Object[] batch = current[0];
                    for (Object state : batch) {
                        if (lockstep != null) {
                            lockstep.arrive(actor, ++trial);
                        }
                        test.act(actor, state);
                    }
                    barrier.await();
                    if (actor == 0) {
                        test.tally(batch, histogram);
                        current[0] = test.newBatch(BATCH);
                    }
                }
            }, test.name() + "-actor-" + a);
            threads[a].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return histogram;
    }
}
