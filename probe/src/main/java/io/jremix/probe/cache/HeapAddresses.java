package io.jremix.probe.cache;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import jdk.internal.misc.Unsafe;

/**
 * Object addresses and field offsets, read from the JVM through {@code jdk.internal.misc.Unsafe} (the agent exports
 * that package to this one at start; {@code sun.misc.Unsafe} would print deprecation warnings on newer JDKs).
 *
 * <p>With compressed oops a reference holds {@code (address - base) >>> shift}. The heap base is page aligned,
 * so {@code narrow << shift} keeps cache-line boundaries; the shift is measured by {@link #calibrate}.
 */
public final class HeapAddresses {
    private static final Unsafe U = Unsafe.getUnsafe();
    private static final MethodHandle ARRAY_BASE_OFFSET = arrayBaseOffsetHandle();
    private static final long OBJECT_ARRAY_BASE = arrayBaseOffset(Object[].class);
    private static final boolean COMPRESSED = U.arrayIndexScale(Object[].class) == 4;
    /**
     * Bytes before an object's first field: mark word and class word. Read from where the JVM puts the only field of
     * a class, since an array's base offset is aligned past its length (24 without compressed class pointers, where
     * the header takes 16).
     */
    private static final int HEADER = (int) U.objectFieldOffset(FirstField.class, "first");
    private static volatile int shift = -1;
    private static final int CALIBRATION_OBJECTS = 512;
    private static final int CALIBRATION_ATTEMPTS = 5;

    private HeapAddresses() {
    }

    /** A class whose one field the JVM places right after the header. */
    private static final class FirstField {
        @SuppressWarnings("unused")
        int first;
    }

    /** Whether references are compressed (4 bytes). */
    public static boolean compressedReferences() {
        return COMPRESSED;
    }

    /** Bytes of a reference field or array slot. */
    public static int referenceSize() {
        return COMPRESSED ? 4 : 8;
    }

    /** Bytes before an object's first field. */
    public static int headerSize() {
        return HEADER;
    }

    /**
     * Where an object's class pointer is: after the 8-byte mark word, 4 or 8 bytes long; with compact object headers
     * (an 8-byte header) it is inside the mark word, which is then what a type check reads.
     */
    static int classWordOffset() {
        return HEADER > Long.BYTES ? Long.BYTES : 0;
    }

    static int classWordSize() {
        return HEADER > Long.BYTES ? HEADER - Long.BYTES : Long.BYTES;
    }

    /** The measured compressed-oop shift, or -1 before calibration. */
    public static int shift() {
        return shift;
    }

    /**
     * Measures the compressed-oop shift: freshly allocated objects sit next to each other in a TLAB, so the most
     * common difference of their references, against their real size, gives the scale. An attempt in which most
     * objects did not land next to each other is made again: on a busy machine, with park profiling starting JFR, a
     * run was seen to place 500 of 512 arrays out of order.
     *
     * @param sizeOf the JVM's object size ({@code Instrumentation::getObjectSize})
     * @return the shift, or -1 if the allocation pattern did not show one in {@value #CALIBRATION_ATTEMPTS} attempts
     */
    public static synchronized int calibrate(ToLongFunction<Object> sizeOf) {
        if (!COMPRESSED) {
            shift = 0;
            return 0;
        }
        for (int attempt = 0; attempt < CALIBRATION_ATTEMPTS && shift < 0; attempt++) {
            shift = measuredShift(sizeOf);
        }
        return shift;
    }

    /** One attempt of {@link #calibrate}: the shift, or -1 unless most neighbours in allocation order agree on it. */
    private static int measuredShift(ToLongFunction<Object> sizeOf) {
        Object[] objects = new Object[CALIBRATION_OBJECTS];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = new long[1];
        }
        long size = sizeOf.applyAsLong(objects[0]);
        Map<Long, Integer> diffs = new HashMap<>();
        for (int i = 1; i < objects.length; i++) {
            long d = narrow(objects, i) - narrow(objects, i - 1);
            if (d > 0) {
                diffs.merge(d, 1, Integer::sum);
            }
        }
        Map.Entry<Long, Integer> common = diffs.entrySet().stream().max(Map.Entry.comparingByValue()).orElse(null);
        if (common == null || common.getValue() < objects.length / 2) {
            return -1;
        }
        long d = common.getKey();
        return size % d != 0 || Long.bitCount(size / d) != 1 ? -1 : Long.numberOfTrailingZeros(size / d);
    }

    private static long narrow(Object[] array, int i) {
        return U.getInt(array, OBJECT_ARRAY_BASE + 4L * i) & 0xFFFF_FFFFL;
    }

    /**
     * The address of {@code o}, through {@code holder[0]} (a per-thread scratch array) so that no allocation
     * happens on the sampling path.
     */
    static long addressOf(Object o, Object[] holder) {
        long bits = referenceBits(o, holder);
        return COMPRESSED ? bits << shift : bits;
    }

    /** The reference to {@code o} as the JVM stores it, not decoded: it changes when {@code o} moves. */
    static long referenceBits(Object o, Object[] holder) {
        holder[0] = o;
        long bits = COMPRESSED ? U.getInt(holder, OBJECT_ARRAY_BASE) & 0xFFFF_FFFFL
                : U.getLong(holder, OBJECT_ARRAY_BASE);
        holder[0] = null;
        return bits;
    }

    public static long objectFieldOffset(Field f) {
        return U.objectFieldOffset(f);
    }

    /**
     * The offset of the field {@code name} that {@code c} declares, found by name: in an object, or for a static
     * field in its class's mirror (HotSpot keeps statics there). Unlike a {@link Field}, it loads no type.
     *
     * @throws InternalError if {@code c} declares no field by that name
     */
    public static long fieldOffset(Class<?> c, String name) {
        return U.objectFieldOffset(c, name);
    }

    public static long staticFieldOffset(Field f) {
        return U.staticFieldOffset(f);
    }

    public static Object staticFieldBase(Field f) {
        return U.staticFieldBase(f);
    }

    public static int arrayBaseOffset(Class<?> arrayClass) {
        try {
            return (int) (long) ARRAY_BASE_OFFSET.invokeExact(arrayClass);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** {@code Unsafe.arrayBaseOffset} returns an int in JDK 17 and a long in newer JDKs such as 25: take either. */
    private static MethodHandle arrayBaseOffsetHandle() {
        MethodType wanted = MethodType.methodType(long.class, Class.class);
        for (Class<?> returns : new Class<?>[] {int.class, long.class}) {
            try {
                return MethodHandles.lookup().findVirtual(Unsafe.class, "arrayBaseOffset",
                        MethodType.methodType(returns, Class.class)).bindTo(U).asType(wanted);
            } catch (NoSuchMethodException e) {
                // try the other signature
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("no Unsafe.arrayBaseOffset in this JDK");
    }

    public static int arrayIndexScale(Class<?> arrayClass) {
        return U.arrayIndexScale(arrayClass);
    }

    static long getLong(Object o, long offset) {
        return U.getLong(o, offset);
    }

    static Object getReference(Object o, long offset) {
        return U.getReference(o, offset);
    }

    /** Bytes of a value of this type in a field or array slot. */
    public static int sizeOf(Class<?> type) {
        if (!type.isPrimitive()) {
            return referenceSize();
        }
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == int.class || type == float.class) {
            return 4;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        return 1;
    }
}
