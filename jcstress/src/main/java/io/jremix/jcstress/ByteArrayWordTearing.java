package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.BB_Result;

/**
 * Word tearing: two actors store to adjacent {@code byte[]} elements. A JVM that wrote a byte by reading and writing
 * back a wider word could lose the other store; JLS 17.6 forbids that even for plain accesses.
 */
@JCStressTest
@Description("Word tearing of byte[]: the actors store 1 and 2 to adjacent elements; the arbiter loads both.")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "Both stores kept.")
@Outcome(expect = FORBIDDEN, desc = "A store lost: word tearing (forbidden by JLS 17.6).")
@State
public class ByteArrayWordTearing {
    final byte[] bytes = new byte[2];

    @Actor
    public void storeFirst() {
        bytes[0] = 1;
    }

    @Actor
    public void storeSecond() {
        bytes[1] = 2;
    }

    @Arbiter
    public void check(BB_Result r) {
        r.r1 = bytes[0];
        r.r2 = bytes[1];
    }
}
