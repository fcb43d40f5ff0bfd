package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The shape of JSR-133 causality test case 7: independent statements in each actor may be reordered, so the memory
 * model allows r1 = r2 = r3 = 1 (and 0, 1, 1), which no interleaving produces.
 */
@JCStressTest
@Description("JSR-133 causality test 7 shape: r1 = z; r2 = x; y = r2 || r3 = y; z = r3; x = 1.")
@Outcome(id = {"0, 0, 0", "0, 1, 0"}, expect = ACCEPTABLE, desc = "An interleaving.")
@Outcome(id = {"0, 1, 1", "1, 1, 1"}, expect = ACCEPTABLE_INTERESTING,
        desc = "Allowed by the JMM (x = 1 moved before r3 = y, r1 = z after y = r2), not SC.")
@Outcome(expect = FORBIDDEN, desc = "A value out of thin air.")
@State
public class CausalityTest7 {
    int x;
    int y;
    int z;

    @Actor
    public void first(III_Result r) {
        int r1 = z;
        int r2 = x;
        y = r2;
        r.r1 = r1;
        r.r2 = r2;
    }

    @Actor
    public void second(III_Result r) {
        int r3 = y;
        z = r3;
        x = 1;
        r.r3 = r3;
    }
}
