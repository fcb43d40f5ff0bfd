package io.jremix.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import java.lang.reflect.Field;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import sun.misc.Unsafe;

/**
 * {@code int}s stored and loaded with {@code Unsafe} at misaligned offsets of a {@code long[]}. The array's data
 * starts on an 8-byte boundary, so of the eight ints at byte offsets 6, 14, ..., 62 (each across an 8-byte
 * boundary) exactly one also crosses a 64-byte cache line, wherever the array lies. x86 splits such an access in
 * two, so it can tear. VBD turns these accesses into {@code getIntVolatile}/{@code putIntVolatile}, which order them
 * but do not make a misaligned access atomic: a documented limit.
 */
@JCStressTest
@VbdLimit("a misaligned Unsafe access that crosses a cache line is split in two by the CPU; volatile orders it but"
        + " cannot make it atomic")
@Description("Misaligned Unsafe int accesses, one of them across a cache line: one actor stores -1 to eight ints"
        + " at byte offsets 6, 14, ..., 62 of a long[], the other counts the ints it loads neither 0 nor -1.")
@Outcome(id = "0", expect = ACCEPTABLE, desc = "Every int whole: old or new.")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "Torn ints: the access across the cache line was split.")
@State
public class MisalignedUnsafeInt {
    private static final Unsafe UNSAFE = unsafe();
    private static final long FIRST = UNSAFE.arrayBaseOffset(long[].class) + 6;
    private static final int INTS = 8;

    final long[] words = new long[INTS + 1];

    @Actor
    public void store() {
        for (int i = 0; i < INTS; i++) {
            UNSAFE.putInt(words, FIRST + 8L * i, -1);
        }
    }

    @Actor
    public void load(I_Result r) {
        int torn = 0;
        for (int i = 0; i < INTS; i++) {
            int v = UNSAFE.getInt(words, FIRST + 8L * i);
            if (v != 0 && v != -1) {
                torn++;
            }
        }
        r.r1 = torn;
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
