package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Store buffering through a {@code byte[]} view handle in plain mode ({@code get}/{@code set}), as Lucene reads and
 * writes its buffers. VBD fences plain {@code VarHandle} accesses on both sides rather than making them volatile
 * (volatile mode would reject misaligned indexes), which is enough to forbid (0, 0).
 */
@JCStressTest
@Description("Store buffering through MethodHandles.byteArrayViewVarHandle(int[].class) plain get/set on a byte[]:"
        + " each actor stores an int at byte 0 or 4, then loads the other.")
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "An interleaving of the four accesses.")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "Both loads before both stores: the stores waited in store buffers (x86 TSO allows it).")
@State
public class ByteArrayViewStoreBuffering {
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    final byte[] bytes = new byte[8];

    @Actor
    public void store0Load4(II_Result r) {
        INTS.set(bytes, 0, 1);
        r.r1 = (int) INTS.get(bytes, 4);
    }

    @Actor
    public void store4Load0(II_Result r) {
        INTS.set(bytes, 4, 1);
        r.r2 = (int) INTS.get(bytes, 0);
    }
}
