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
 * Access atomicity of a plain {@code long} field: the JLS (17.7) lets a JVM write it as two 32-bit halves, a
 * volatile one it may not. 64-bit HotSpot moves it whole.
 */
@JCStressTest
@Description("Access atomicity of a plain long field: one actor stores -1, the other loads it.")
@Outcome(id = {"0", "-1"}, expect = ACCEPTABLE, desc = "The old or the new value.")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "Torn: one 32-bit half of each value (allowed for plain long).")
@State
public class LongAtomicity {
    long value;

    @Actor
    public void store() {
        value = -1L;
    }

    @Actor
    public void load(J_Result r) {
        r.r1 = value;
    }
}
