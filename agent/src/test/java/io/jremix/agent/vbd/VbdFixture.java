package io.jremix.agent.vbd;

import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.Arrays;

import io.jremix.relaxed.Relaxed;

/** Every kind of access VBD rewrites, for the rewriter tests. Serializable without a serialVersionUID on purpose. */
@SuppressWarnings({"unused", "deprecation"})
public class VbdFixture implements Serializable {
    static int counter;
    static final int CONSTANT = 7;
    int plain;
    long wide;
    double real;
    volatile int alreadyVolatile;
    final int fixed;
    @Relaxed
    int relaxedField;
    transient int[] numbers = new int[4];

    private static final sun.misc.Unsafe UNSAFE = unsafe();
    private static final long PLAIN_OFFSET = UNSAFE.objectFieldOffset(field("plain"));
    private static final VarHandle WIDE;

    static {
        try {
            WIDE = MethodHandles.lookup().findVarHandle(VbdFixture.class, "wide", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public VbdFixture() {
        this(1);
    }

    public VbdFixture(int fixed) {
        this.fixed = fixed;
        if (fixed < 0) {
            plain = -1;
            return;
        }
        plain = fixed;
    }

    public static long sumAll(int n) {
        int[] ints = new int[n];
        long[] longs = new long[n];
        short[] shorts = new short[n];
        char[] chars = new char[n];
        byte[] bytes = new byte[n];
        boolean[] flags = new boolean[n];
        float[] floats = new float[n];
        double[] doubles = new double[n];
        String[] strings = new String[n];
        int[][] grid = new int[n][n];
        for (int i = 0; i < n; i++) {
            ints[i] = i;
            longs[i] = i;
            shorts[i] = (short) i;
            chars[i] = (char) ('a' + i);
            bytes[i] = (byte) i;
            flags[i] = i % 2 == 0;
            floats[i] = i;
            doubles[i] = i;
            strings[i] = "s" + i;
            grid[i][i] = i;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += ints[i] + longs[i] + shorts[i] + chars[i] + bytes[i] + (flags[i] ? 1 : 0) + (long) floats[i]
                    + (long) doubles[i] + strings[i].length() + grid[i][i];
        }
        return sum;
    }

    public static int copies(int n) {
        int[] a = new int[n];
        Arrays.fill(a, 3);
        int[] b = Arrays.copyOf(a, n + 1);
        int[] c = new int[n];
        System.arraycopy(a, 0, c, 0, n);
        int[] d = c.clone();
        return b.length + d[0] + Arrays.copyOfRange(a, 0, 1)[0];
    }

    public int unsafeAndHandles() {
        UNSAFE.putInt(this, PLAIN_OFFSET, 41);
        WIDE.set(this, 1L);
        return UNSAFE.getInt(this, PLAIN_OFFSET) + (int) (long) WIDE.get(this);
    }

    /** Stores one value of each width through BASTORE into a boolean[]: only the lowest bit counts. */
    public static String booleanStores(int v) {
        boolean[] flags = new boolean[1];
        byte[] bytes = new byte[1];
        storeByteCode(flags, bytes, v);
        return flags[0] + "/" + bytes[0];
    }

    private static void storeByteCode(boolean[] flags, byte[] bytes, int v) {
        bytes[0] = (byte) v;
        flags[0] = (v & 1) != 0;
    }

    public static int load(String kind, Object array, int index) {
        return switch (kind) {
            case "int" -> ((int[]) array)[index];
            case "long" -> (int) ((long[]) array)[index];
            case "byte" -> ((byte[]) array)[index];
            case "boolean" -> ((boolean[]) array)[index] ? 1 : 0;
            case "char" -> ((char[]) array)[index];
            case "short" -> ((short[]) array)[index];
            case "float" -> (int) ((float[]) array)[index];
            case "double" -> (int) ((double[]) array)[index];
            default -> ((Object[]) array)[index] == null ? 0 : 1;
        };
    }

    public static void store(String kind, Object array, int index, Object value) {
        switch (kind) {
            case "int" -> ((int[]) array)[index] = 1;
            case "long" -> ((long[]) array)[index] = 1;
            case "byte" -> ((byte[]) array)[index] = 1;
            case "boolean" -> ((boolean[]) array)[index] = true;
            case "char" -> ((char[]) array)[index] = 'x';
            case "short" -> ((short[]) array)[index] = 1;
            case "float" -> ((float[]) array)[index] = 1;
            case "double" -> ((double[]) array)[index] = 1;
            default -> ((Object[]) array)[index] = value;
        }
    }

    @Relaxed
    public int relaxedSum() {
        int s = 0;
        for (int i = 0; i < numbers.length; i++) {
            s += numbers[i];
        }
        return s;
    }

    private static Field field(String name) {
        try {
            return VbdFixture.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static sun.misc.Unsafe unsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Another class's accesses to the fixture's fields: the relaxed and final ones stay plain, the others are fenced. */
    public static final class Neighbour {
        static int sum(VbdFixture f) {
            f.plain++;
            return f.relaxedField + f.plain + counter + f.fixed;
        }
    }

    /** A whole class opted out. */
    @Relaxed
    public static final class RelaxedClass {
        int left;
        int[] plain = new int[1];

        int read() {
            return plain[0] + left;
        }
    }
}
