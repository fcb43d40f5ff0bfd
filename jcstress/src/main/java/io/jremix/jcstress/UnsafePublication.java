package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * An object with plain fields published through a plain field: the reader may see the reference before the
 * constructor's stores. VBD ends every constructor with a release fence and orders every field access with fences,
 * so the reference cannot be seen before the fields.
 */
@JCStressTest
@Description("Unsafe publication: a new object with four plain fields set to 1 is stored to a plain field;"
        + " the reader sums the fields it sees through the reference (-1: no reference yet).")
@Outcome(id = {"-1", "4"}, expect = ACCEPTABLE, desc = "No object yet, or the object with all its fields set.")
@Outcome(id = {"0", "1", "2", "3"}, expect = ACCEPTABLE_INTERESTING,
        desc = "The object seen with some fields still 0: its reference was published before its fields.")
@State
public class UnsafePublication {
    static class Point {
        int a;
        int b;
        int c;
        int d;

        Point() {
            a = 1;
            b = 1;
            c = 1;
            d = 1;
        }
    }

    Point shared;

    @Actor
    public void publish() {
        shared = new Point();
    }

    @Actor
    public void observe(I_Result r) {
        Point p = shared;
        r.r1 = p == null ? -1 : p.a + p.b + p.c + p.d;
    }
}
