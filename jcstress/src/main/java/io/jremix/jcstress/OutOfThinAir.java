package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The shape of JSR-133 causality test case 4: each actor copies one field into the other. Nothing ever writes a
 * value other than 0, and the memory model forbids any other value appearing out of thin air, even for plain fields.
 */
@JCStressTest
@Description("JSR-133 causality test 4 shape (out of thin air): r1 = x; y = r1 || r2 = y; x = r2.")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The only value ever written.")
@Outcome(expect = FORBIDDEN, desc = "A value out of thin air.")
@State
public class OutOfThinAir {
    int x;
    int y;

    @Actor
    public void copyXToY(II_Result r) {
        int r1 = x;
        y = r1;
        r.r1 = r1;
    }

    @Actor
    public void copyYToX(II_Result r) {
        int r2 = y;
        x = r2;
        r.r2 = r2;
    }
}
