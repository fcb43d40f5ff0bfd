package io.jremix.agent.cache.collect;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.jremix.core.cache.Datum;
import io.jremix.probe.cache.HeapAddresses;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class FieldLayoutsTest {
    private final FieldLayouts layouts = new FieldLayouts();

    static class Base {
        volatile long shared;
        int hidden;
    }

    static class Sub extends Base {
        int hidden;
        long own;
        static volatile long counter;
    }

    @Test
    void namesInstanceFieldsByOffsetIncludingSuperclassFields() throws NoSuchFieldException {
        long offset = HeapAddresses.objectFieldOffset(Base.class.getDeclaredField("shared"));
        Datum d = layouts.instanceAt(Sub.class, (int) offset, 8);
        assertEquals(Base.class.getName(), d.className(), "attributed to the declaring class");
        assertEquals("shared", d.member());
        assertEquals(offset, d.offset());
        assertEquals(8, d.size());
        assertEquals(Datum.Kind.FIELD, d.kind());
        assertEquals("shared", layouts.instanceAt(Sub.class, (int) offset + 4, 4).member(), "inside the field");
    }

    /** A queue of the program's that extends AtomicReference, as Netty 4.0.20's MpscLinkedQueue does. */
    static class Queue extends AtomicReference<Object> {
        Object head;
    }

    @Test
    void namesAFieldAJdkClassDeclaresUnderTheProgramsClassWithItsDeclaringClass() throws NoSuchFieldException {
        long offset = HeapAddresses.objectFieldOffset(AtomicReference.class.getDeclaredField("value"));
        Datum value = layouts.instanceAt(Queue.class, (int) offset, 4);
        assertEquals(Queue.class.getName(), value.className(), "the object's class, the one padding can change");
        assertEquals("AtomicReference.value", value.member());
        assertSame(value, layouts.instanceField(Queue.class, "java/util/concurrent/atomic/AtomicReference", "value"),
                "the same datum whether named by offset (a VarHandle) or by a field instruction");
        String queue = Queue.class.getName().replace('.', '/');
        assertEquals(Queue.class.getName(), layouts.instanceField(Queue.class, queue, "head").className());
        assertEquals("java.util.concurrent.atomic.AtomicReference",
                layouts.declaringClass(Queue.class.getName(), "AtomicReference.value"));
        assertEquals(Queue.class.getName(), layouts.declaringClass(Queue.class.getName(), "head"));
        assertFalse(layouts.isJdk(Queue.class.getName()));

        Datum own = layouts.instanceAt(AtomicLong.class, (int) HeapAddresses.objectFieldOffset(
                AtomicLong.class.getDeclaredField("value")), 8);
        assertEquals(AtomicLong.class.getName(), own.className(), "a JDK object's field stays its class's");
        assertEquals("value", own.member());
        assertTrue(layouts.isJdk(AtomicLong.class.getName()));
    }

    @Test
    void resolvesFieldInstructionsAsTheJvmDoes() {
        String base = Base.class.getName().replace('.', '/');
        String sub = Sub.class.getName().replace('.', '/');
        assertEquals(Sub.class.getName(), layouts.instanceField(Sub.class, sub, "hidden").className());
        assertEquals(Base.class.getName(), layouts.instanceField(Sub.class, base, "hidden").className());
        assertEquals(Base.class.getName(), layouts.instanceField(Sub.class, sub, "shared").className());
        assertNotEquals(layouts.instanceField(Sub.class, sub, "hidden").offset(),
                layouts.instanceField(Sub.class, base, "hidden").offset());
    }

    @Test
    void namesStaticFieldsInTheMirror() throws NoSuchFieldException {
        int offset = (int) HeapAddresses.staticFieldOffset(Sub.class.getDeclaredField("counter"));
        Datum d = layouts.staticAt(Sub.class, offset, 8);
        assertEquals("counter", d.member());
        assertEquals(Datum.Kind.STATIC, d.kind());
    }

    @Test
    void namesArrayElementsByIndex() {
        int base = HeapAddresses.arrayBaseOffset(long[].class);
        Datum d = layouts.element(long[].class, base + 3 * 8);
        assertEquals("long[]", d.className());
        assertEquals(3, d.index());
        assertEquals(Datum.Kind.ELEMENT, d.kind());
        assertEquals("java.lang.Object[]", layouts.element(Object[].class, HeapAddresses.arrayBaseOffset(Object[].class)).className());
    }

    /** The collector names every sampled element: the same element again is not a new object in the heap. */
    @Test
    void anElementNamedAgainIsTheSameDatumAndEveryIndexItsOwn() {
        int base = HeapAddresses.arrayBaseOffset(long[].class);
        Datum third = layouts.element(long[].class, base + 3 * 8);
        assertSame(third, layouts.element(long[].class, base + 3 * 8));
        for (int index : new int[] {3 + 256, 3 + 1024, 100_000}) {
            Datum other = layouts.element(long[].class, base + index * 8);
            assertEquals(index, other.index(), "an index sharing the kept one's slot gets its own datum");
            assertEquals(base + index * 8, other.offset());
        }
        assertEquals(3, layouts.element(long[].class, base + 3 * 8).index());
    }

    @Test
    void unknownOffsetsStayVisibleAsUnnamedSlots() {
        Datum d = layouts.instanceAt(Sub.class, 4096, 4);
        assertEquals("@4096", d.member());
    }

    @Test
    void offsetsInTheObjectHeaderNameTheHeaderOfTheRuntimeClass() {
        Datum d = layouts.instanceAt(Sub.class, 8, 4);
        assertEquals(Datum.HEADER, d.member());
        assertEquals(Sub.class.getName(), d.className());
        assertEquals(Datum.Kind.FIELD, d.kind());
        assertSame(d, layouts.instanceAt(Sub.class, 8, 4), "named once, not at every sampled interface call");
        assertEquals(8, layouts.instanceAt(Sub.class, 8, 8).size(), "a read of another width names its own bytes");
    }
}
