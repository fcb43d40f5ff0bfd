package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The entry protocol of Dekker's mutual exclusion on plain {@code boolean} fields, without the turn: raise my flag,
 * enter if the other's is down. Under SC at most one enters; with store buffering both can.
 */
@JCStressTest
@Description("Dekker's entry on plain boolean flags: each actor raises its flag and enters if the other's is down.")
@Outcome(id = {"true, false", "false, true", "false, false"}, expect = ACCEPTABLE,
        desc = "At most one actor entered.")
@Outcome(id = "true, true", expect = ACCEPTABLE_INTERESTING,
        desc = "Both entered the critical section: each missed the other's raised flag.")
@State
public class DekkerFlags {
    boolean firstWants;
    boolean secondWants;

    @Actor
    public void first(ZZ_Result r) {
        firstWants = true;
        r.r1 = !secondWants;
    }

    @Actor
    public void second(ZZ_Result r) {
        secondWants = true;
        r.r2 = !firstWants;
    }
}
