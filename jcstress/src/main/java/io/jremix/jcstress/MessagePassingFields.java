package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Message passing through a plain data field and a plain ready field. */
@JCStressTest
@Description("Message passing on plain int fields: store data, then ready; the reader loads ready, then data.")
@Outcome(id = {"0, 0", "0, 42", "1, 42"}, expect = ACCEPTABLE, desc = "Ready not seen, or seen with its data.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "Ready seen but the data not: the stores or the loads were reordered.")
@State
public class MessagePassingFields {
    int data;
    int ready;

    @Actor
    public void send() {
        data = 42;
        ready = 1;
    }

    @Actor
    public void receive(II_Result r) {
        r.r1 = ready;
        r.r2 = data;
    }
}
