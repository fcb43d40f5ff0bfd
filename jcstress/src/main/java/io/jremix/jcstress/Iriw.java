package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Independent reads of independent writes: two writers, two readers reading the fields in opposite orders. Under SC
 * all threads agree on the order of the two stores. Four actors: jcstress runs it only with at least 4 CPUs.
 */
@JCStressTest
@Description("IRIW on plain int fields: two writers, two readers loading x then y and y then x (needs 4 CPUs).")
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "The readers saw the two stores in opposite orders (not multi-copy atomic, or loads reordered).")
@Outcome(expect = ACCEPTABLE, desc = "The readers agree on the order of the stores.")
@State
public class Iriw {
    int x;
    int y;

    @Actor
    public void storeX() {
        x = 1;
    }

    @Actor
    public void storeY() {
        y = 1;
    }

    @Actor
    public void loadXThenY(IIII_Result r) {
        r.r1 = x;
        r.r2 = y;
    }

    @Actor
    public void loadYThenX(IIII_Result r) {
        r.r3 = y;
        r.r4 = x;
    }
}
