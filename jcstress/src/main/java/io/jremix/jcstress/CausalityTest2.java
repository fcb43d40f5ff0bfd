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
 * The shape of JSR-133 causality test case 2: the first actor reads x twice and writes y only if both reads agree.
 * A compiler may merge the two reads, after which the condition is always true and the write to y can move first;
 * so the memory model allows r1 = r2 = r3 = 1, which no interleaving produces.
 */
@JCStressTest
@Description("JSR-133 causality test 2 shape: r1 = x; r2 = x; if (r1 == r2) y = 1 || r3 = y; x = r3.")
@Outcome(id = {"0, 0, 0", "0, 0, 1"}, expect = ACCEPTABLE, desc = "An interleaving.")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE_INTERESTING,
        desc = "Allowed by the JMM (the reads merged and y = 1 moved first), not SC.")
@Outcome(expect = FORBIDDEN, desc = "A value out of thin air.")
@State
public class CausalityTest2 {
    int x;
    int y;

    @Actor
    public void readTwiceThenWrite(III_Result r) {
        int r1 = x;
        int r2 = x;
        if (r1 == r2) {
            y = 1;
        }
        r.r1 = r1;
        r.r2 = r2;
    }

    @Actor
    public void copyYToX(III_Result r) {
        int r3 = y;
        x = r3;
        r.r3 = r3;
    }
}
