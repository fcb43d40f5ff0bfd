package io.jremix.workloads.vbd;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A per-trial spin barrier: before trial {@code t}, each actor says it has reached {@code t} and waits until the
 * others have. The actors then start each trial within a cache-line transfer of each other, which is what makes
 * races such as store buffering meet (with a barrier per batch only, one actor is usually a few states ahead and
 * they never touch a state at the same time). Each actor's slot is on its own cache line.
 *
 * <p>The wait is bounded: when the machine is busy and another actor is not running, waiting for it on every trial
 * would cost a scheduling delay per trial. An actor that has waited a while yields, then goes on without it, and
 * does not wait again for the next {@link #ALONE} trials: the other actor is likely off its core for a whole time
 * slice, and yielding on each of those trials made a run of a million trials take minutes instead of seconds under
 * a CPU hog. The trials are still valid (any interleaving is); the races only meet less often until the actors
 * line up again.
 */
final class Lockstep {
    private static final int STRIDE = 16;
    private static final int SPINS = 1 << 10;
    private static final int YIELDS = 8;
    private static final int ALONE = 4096;
    private final int actors;
    private final AtomicLongArray reached;
    /** Per actor, the trial before which it does not wait; written and read by that actor only. */
    private final long[] waitFrom;

    Lockstep(int actors) {
        this.actors = actors;
        this.reached = new AtomicLongArray(actors * STRIDE);
        this.waitFrom = new long[actors * STRIDE];
    }

    void arrive(int actor, long trial) {
        reached.set(actor * STRIDE, trial);
        if (trial < waitFrom[actor * STRIDE]) {
            return;
        }
        for (int other = 0; other < actors; other++) {
            for (int spins = 0; reached.get(other * STRIDE) < trial; spins++) {
                if (spins < SPINS) {
                    Thread.onSpinWait();
                } else if (spins < SPINS + YIELDS) {
                    Thread.yield();
                } else {
                    waitFrom[actor * STRIDE] = trial + ALONE;
                    return;
                }
            }
        }
    }
}
