package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.J_Result;

/** Access atomicity of a {@code long[]} element (JLS 17.7 covers array elements as well as fields). */
@JCStressTest
@Description("Access atomicity of a long[] element: one actor stores -1, the other loads it.")
@Outcome(id = {"0", "-1"}, expect = ACCEPTABLE, desc = "The old or the new value.")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "Torn: one 32-bit half of each value (allowed for plain long).")
@State
public class LongArrayAtomicity {
    final long[] values = new long[1];

    @Actor
    public void store() {
        values[0] = -1L;
    }

    @Actor
    public void load(J_Result r) {
        r.r1 = values[0];
    }
}
