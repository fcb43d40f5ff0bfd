package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Store buffering on two elements of one {@code int[]}: VBD rewrites the IASTORE/IALOAD, not a field. */
@JCStressTest
@Description("Store buffering on int[] elements: each actor stores to one element, then loads the other.")
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "An interleaving of the four accesses.")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "Both loads before both stores: the stores waited in store buffers (x86 TSO allows it).")
@State
public class StoreBufferingArrays {
    final int[] cells = new int[2];

    @Actor
    public void store0Load1(II_Result r) {
        cells[0] = 1;
        r.r1 = cells[1];
    }

    @Actor
    public void store1Load0(II_Result r) {
        cells[1] = 1;
        r.r2 = cells[0];
    }
}
