package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Read-read coherence of one {@code int[]} element, read twice through two references to the same array. */
@JCStressTest
@Description("Coherence (read-read) of one int[] element: one actor stores 1, the other loads it twice through"
        + " two references to the same array.")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "The reads saw the store in order.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "The second read saw the value before the store the first read had seen.")
@State
public class CoherenceArrays {
    final int[] cells = new int[1];
    final int[] sameCells = cells;

    @Actor
    public void store() {
        cells[0] = 1;
    }

    @Actor
    public void loadTwice(II_Result r) {
        int[] first = cells;
        int[] second = sameCells;
        r.r1 = first[0];
        r.r2 = second[0];
    }
}
