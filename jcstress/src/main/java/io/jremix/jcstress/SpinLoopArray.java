package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/** A spin loop on a {@code boolean[]} element, stopped by a signal from another thread. */
@JCStressTest(Mode.Termination)
@Description("Spin loop on a boolean[] element until another thread sets it.")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The loop saw the store and ended.")
@Outcome(id = "STALE", expect = ACCEPTABLE_INTERESTING,
        desc = "The loop never saw the store: the JIT hoisted the load out of the loop.")
@State
public class SpinLoopArray {
    final boolean[] stop = new boolean[1];

    @Actor
    public void spin() {
        while (!stop[0]) {
            // as in SpinLoopField, through BALOAD
        }
    }

    @Signal
    public void signal() {
        stop[0] = true;
    }
}
