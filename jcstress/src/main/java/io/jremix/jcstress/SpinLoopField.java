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

/**
 * A spin loop on a plain {@code boolean} field, stopped by a signal from another thread. The JIT may read the field
 * once and loop forever; under VBD each load is followed by an acquire fence, as a volatile load is, and must be done
 * on every turn.
 */
@JCStressTest(Mode.Termination)
@Description("Spin loop on a plain boolean field until another thread sets it.")
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The loop saw the store and ended.")
@Outcome(id = "STALE", expect = ACCEPTABLE_INTERESTING,
        desc = "The loop never saw the store: the JIT hoisted the load out of the loop.")
@State
public class SpinLoopField {
    boolean stop;

    @Actor
    public void spin() {
        while (!stop) {
            // no call, no volatile access, no safepoint-visible effect: nothing forces the field to be loaded again
        }
    }

    @Signal
    public void signal() {
        stop = true;
    }
}
