package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Load buffering on plain fields: each actor loads one field, then stores to the other. */
@JCStressTest
@Description("Load buffering on plain int fields: each actor loads one field, then stores 1 to the other.")
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "An interleaving of the four accesses.")
@Outcome(id = "1, 1", expect = ACCEPTABLE_INTERESTING,
        desc = "Each load saw the other actor's later store: a store went ahead of an earlier load.")
@State
public class LoadBuffering {
    int x;
    int y;

    @Actor
    public void loadXStoreY(II_Result r) {
        r.r1 = x;
        y = 1;
    }

    @Actor
    public void loadYStoreX(II_Result r) {
        r.r2 = y;
        x = 1;
    }
}
