package io.jremix.probe.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The shapes read from the JDK's VarHandle classes, against the offsets Unsafe gives for the same fields. */
class VarHandleShapeTest {
    static final class Fields {
        static long counter;
        int count;
        Object ref;
        long total;
    }

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    private static long offset(String name) throws NoSuchFieldException {
        return HeapAddresses.objectFieldOffset(Fields.class.getDeclaredField(name));
    }

    @Test
    void instanceFieldsOfEveryWidthAtTheirOwnOffset() throws ReflectiveOperationException {
        for (String[] field : new String[][] {{"count", "4"}, {"total", "8"}}) {
            Class<?> type = field[0].equals("count") ? int.class : long.class;
            VarHandle h = LOOKUP.findVarHandle(Fields.class, field[0], type);
            VarHandleShape s = VarHandleShape.of(h);
            assertEquals(VarHandleShape.Kind.INSTANCE, s.kind());
            assertEquals(offset(field[0]), s.offset(h));
            assertEquals(Integer.parseInt(field[1]), s.size());
        }
        VarHandle ref = LOOKUP.findVarHandle(Fields.class, "ref", Object.class);
        assertEquals(HeapAddresses.referenceSize(), VarHandleShape.of(ref).size());
        assertEquals(offset("ref"), VarHandleShape.of(ref).offset(ref));
    }

    @Test
    void twoHandlesOfOneClassEachGiveTheirOwnField() throws ReflectiveOperationException {
        VarHandle count = LOOKUP.findVarHandle(Fields.class, "count", int.class);
        VarHandle other = MethodHandles.lookup().findVarHandle(Other.class, "x", int.class);
        assertSame(count.getClass(), other.getClass(), "the JDK's class for int instance fields");
        assertEquals(offset("count"), VarHandleShape.of(count).offset(count));
        assertEquals(HeapAddresses.objectFieldOffset(Other.class.getDeclaredField("x")),
                VarHandleShape.of(other).offset(other));
    }

    @Test
    void staticFieldsNameTheirMirror() throws ReflectiveOperationException {
        Fields.counter++; // initialised, so JDK 25 gives the direct handle rather than a lazily initialising one
        VarHandle h = LOOKUP.findStaticVarHandle(Fields.class, "counter", long.class);
        VarHandleShape s = VarHandleShape.of(h);
        assertEquals(VarHandleShape.Kind.STATIC, s.kind());
        java.lang.reflect.Field f = Fields.class.getDeclaredField("counter");
        assertSame(HeapAddresses.staticFieldBase(f), s.base(h));
        assertEquals(HeapAddresses.staticFieldOffset(f), s.offset(h));
    }

    /**
     * A handle made before its class is initialized: from Java 22 a lazily initializing wrapper, whose direct handle
     * names the same mirror and offset; before, the direct handle itself.
     */
    @Test
    void staticFieldsOfAClassNotYetInitialized() throws ReflectiveOperationException {
        VarHandle h = LOOKUP.findStaticVarHandle(NotYetInitialized.class, "counter", long.class);
        boolean lazy = Runtime.version().feature() >= 22;
        assertEquals(lazy ? VarHandleShape.Kind.LAZY : VarHandleShape.Kind.STATIC, VarHandleShape.of(h).kind());
        VarHandle direct = VarHandleShape.direct(h);
        assertEquals(lazy, direct != h);
        VarHandleShape s = VarHandleShape.of(direct);
        assertEquals(VarHandleShape.Kind.STATIC, s.kind());
        java.lang.reflect.Field f = NotYetInitialized.class.getDeclaredField("counter");
        assertSame(HeapAddresses.staticFieldBase(f), s.base(direct));
        assertEquals(HeapAddresses.staticFieldOffset(f), s.offset(direct));
        assertEquals(8, s.size());
    }

    @Test
    void arraysAndViews() {
        assertEquals(VarHandleShape.Kind.ARRAY,
                VarHandleShape.of(MethodHandles.arrayElementVarHandle(long[].class)).kind());
        assertEquals(VarHandleShape.Kind.UNSUPPORTED,
                VarHandleShape.of(MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN)).kind());
    }

    static final class NotYetInitialized {
        static long counter;
    }

    static final class Other {
        byte pad;
        int x;
    }
}
