package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/** Word tearing of {@code boolean[]}: HotSpot stores booleans as bytes, through the same BASTORE as bytes. */
@JCStressTest
@Description("Word tearing of boolean[]: the actors set adjacent elements; the arbiter loads both.")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "Both stores kept.")
@Outcome(expect = FORBIDDEN, desc = "A store lost: word tearing (forbidden by JLS 17.6).")
@State
public class BooleanArrayWordTearing {
    final boolean[] flags = new boolean[2];

    @Actor
    public void setFirst() {
        flags[0] = true;
    }

    @Actor
    public void setSecond() {
        flags[1] = true;
    }

    @Arbiter
    public void check(ZZ_Result r) {
        r.r1 = flags[0];
        r.r2 = flags[1];
    }
}
