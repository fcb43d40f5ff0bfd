package io.jremix.workloads.vbd;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lines the actors up before each batch, so that they run over the same states at the same time (a parking
 * barrier would wake them microseconds apart, and the races would never meet). Waiters spin, and yield when there
 * are more actors than cores.
 */
final class SpinBarrier {
    private final int parties;
    private final AtomicInteger arrived = new AtomicInteger();
    private final AtomicInteger generation = new AtomicInteger();

    SpinBarrier(int parties) {
        this.parties = parties;
    }

    void await() {
        int g = generation.get();
        if (arrived.incrementAndGet() == parties) {
            arrived.set(0);
            generation.incrementAndGet();
            return;
        }
        int spins = 0;
        while (generation.get() == g) {
            if (++spins > 1_000) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
