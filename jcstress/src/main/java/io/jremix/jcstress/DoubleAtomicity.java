package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/**
 * Access atomicity of a plain {@code double} field, reported as its bits. The value stored has both 32-bit halves
 * non-zero (2.0000000000000004: 0x4000000000000001), so either torn half shows.
 */
@JCStressTest
@Description("Access atomicity of a plain double field: one actor stores 2.0000000000000004, the other loads it"
        + " (reported as the raw bits).")
@Outcome(id = {"0", "4611686018427387905"}, expect = ACCEPTABLE, desc = "The old or the new value.")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "Torn: one 32-bit half of each value (allowed for plain double).")
@State
public class DoubleAtomicity {
    static final double STORED = Double.longBitsToDouble(0x4000_0000_0000_0001L);

    double value;

    @Actor
    public void store() {
        value = STORED;
    }

    @Actor
    public void load(J_Result r) {
        r.r1 = Double.doubleToRawLongBits(value);
    }
}
