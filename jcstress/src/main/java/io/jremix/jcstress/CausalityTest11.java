package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The shape of JSR-133 causality test case 11: two independent chains in each actor may be reordered, so the memory
 * model allows r1 = r2 = r3 = r4 = 1, which no interleaving produces.
 */
@JCStressTest
@Description("JSR-133 causality test 11 shape: r1 = z; w = r1; r2 = x; y = r2 || r4 = w; r3 = y; z = r3; x = 1"
        + " (results r1, r2, r3, r4).")
@Outcome(id = {"0, 0, 0, 0", "0, 1, 0, 0"}, expect = ACCEPTABLE, desc = "An interleaving.")
@Outcome(id = {"0, 1, 1, 0", "1, 1, 1, 0", "1, 1, 1, 1"}, expect = ACCEPTABLE_INTERESTING,
        desc = "Allowed by the JMM (each actor's two chains reordered), not SC.")
@Outcome(expect = FORBIDDEN, desc = "A value out of thin air.")
@State
public class CausalityTest11 {
    int x;
    int y;
    int z;
    int w;

    @Actor
    public void first(IIII_Result r) {
        int r1 = z;
        w = r1;
        int r2 = x;
        y = r2;
        r.r1 = r1;
        r.r2 = r2;
    }

    @Actor
    public void second(IIII_Result r) {
        int r4 = w;
        int r3 = y;
        z = r3;
        x = 1;
        r.r3 = r3;
        r.r4 = r4;
    }
}
