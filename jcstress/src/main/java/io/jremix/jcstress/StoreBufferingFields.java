package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Store buffering on two plain {@code int} fields: x86 lets each load pass the other actor's buffered store. */
@JCStressTest
@Description("Store buffering (Dekker) on plain int fields: each actor stores to one field, then loads the other.")
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "An interleaving of the four accesses.")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "Both loads before both stores: the stores waited in store buffers (x86 TSO allows it).")
@State
public class StoreBufferingFields {
    int x;
    int y;

    @Actor
    public void storeXLoadY(II_Result r) {
        x = 1;
        r.r1 = y;
    }

    @Actor
    public void storeYLoadX(II_Result r) {
        y = 1;
        r.r2 = x;
    }
}
