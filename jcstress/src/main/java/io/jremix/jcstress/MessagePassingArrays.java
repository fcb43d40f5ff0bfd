package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Message passing through two {@code int[]} arrays: the data in one, the ready flag in the other. */
@JCStressTest
@Description("Message passing on int[] elements: store data[0], then ready[0]; the reader loads ready[0], then data[0].")
@Outcome(id = {"0, 0", "0, 42", "1, 42"}, expect = ACCEPTABLE, desc = "Ready not seen, or seen with its data.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "Ready seen but the data not: the stores or the loads were reordered.")
@State
public class MessagePassingArrays {
    final int[] data = new int[1];
    final int[] ready = new int[1];

    @Actor
    public void send() {
        data[0] = 42;
        ready[0] = 1;
    }

    @Actor
    public void receive(II_Result r) {
        r.r1 = ready[0];
        r.r2 = data[0];
    }
}
