package io.jremix.agent.cache.instrument;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;

import sun.misc.Unsafe;

/** Every access kind the instrumenter handles, in code whose result shows whether its behaviour changed. */
public class AccessFixture {
    static long staticLong;
    static Object staticRef = "s";
    static final Object CONSTANT_REF = new Object();
    private static final Unsafe U;
    private static final long WIDE_OFFSET;
    private static final VarHandle WIDE;
    private static final VarHandle STATIC_LONG;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            WIDE_OFFSET = U.objectFieldOffset(AccessFixture.class.getDeclaredField("wide"));
            WIDE = MethodHandles.lookup().findVarHandle(AccessFixture.class, "wide", long.class);
            STATIC_LONG = MethodHandles.lookup().findStaticVarHandle(AccessFixture.class, "staticLong", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int narrow;
    long wide;
    double real;
    byte small;
    Object ref;
    final int[] ints = new int[4];
    final long[] longs = new long[4];
    final double[] doubles = new double[4];
    final byte[] bytes = new byte[4];
    final char[] chars = new char[4];
    final short[] shorts = new short[4];
    final float[] floats = new float[4];
    final boolean[] flags = new boolean[4];
    final Object[] refs = new Object[4];

    /** An inner class: javac stores {@code this$0} before calling {@code super()}. */
    public class Inner {
        final int value;

        public Inner(int value) {
            super();
            this.value = value + narrow;
        }
    }

    /** A subclass whose constructor builds other objects before its own {@code super(...)} call completes. */
    public static class Derived extends AccessFixture {
        final String label;

        public Derived() {
            super();
            label = new StringBuilder().append(new Object().hashCode() >= 0 ? "d" : "e").toString();
        }
    }

    /** Uses every access kind and returns a value that depends on all of them. */
    public long run() {
        narrow = 3;
        wide = 40_000_000_000L;
        real = 1.5;
        small = 7;
        ref = "r";
        staticLong = 11;
        staticRef = ref;
        long sum = narrow + wide + (long) real + small + ((String) ref).length() + staticLong + (CONSTANT_REF != null ? 1 : 0);
        for (int i = 0; i < 4; i++) {
            ints[i] = i;
            longs[i] = i * 10L;
            doubles[i] = i / 2.0;
            bytes[i] = (byte) i;
            chars[i] = (char) ('a' + i);
            shorts[i] = (short) (i * 3);
            floats[i] = i * 0.25f;
            flags[i] = (i & 1) == 0;
            refs[i] = Integer.valueOf(i);
            sum += ints[i] + longs[i] + (long) doubles[i] + bytes[i] + chars[i] + shorts[i] + (long) floats[i]
                    + (flags[i] ? 1 : 0) + (Integer) refs[i];
        }
        sum += U.getAndAddLong(this, WIDE_OFFSET, 5L);
        U.putLongVolatile(this, WIDE_OFFSET, U.getLongVolatile(this, WIDE_OFFSET) + 1);
        sum += (long) WIDE.getAndAdd(this, 2L);
        WIDE.setVolatile(this, (long) WIDE.getVolatile(this) + 1);
        STATIC_LONG.setVolatile(13L);
        sum += (long) STATIC_LONG.getVolatile();
        LONGS.setVolatile(longs, 2, 99L);
        sum += (long) LONGS.getAndAdd(longs, 2, 1L) + wide + longs[2];
        sum += new Inner(5).value + new Derived().label.length();
        java.util.function.LongBinaryOperator add = Long::sum; // interface calls: a wide argument under the receiver
        sum = add.applyAsLong(sum, ((CharSequence) ref).charAt(0));
        return sum;
    }
}
