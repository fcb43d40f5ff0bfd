package io.jremix.probe.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.junit.jupiter.api.Test;

class VolatileFieldsTest {
    static class Base {
        int shared;
        long value;
    }

    static class Derived extends Base {
        static int shared; // a static of the same name: never an instance field's offset
        boolean flag;
        Object ref;
        final int fixed = 5;
    }

    /** The offset as a site gets it: from its bootstrap method's constant call site. */
    private static long offset(Class<?> owner, String name, String descriptor) {
        try {
            return (long) VolatileFields.offsetSite(MethodHandles.lookup(), name, MethodType.methodType(long.class),
                    owner, descriptor).getTarget().invoke();
        } catch (NoSuchFieldError e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Test
    void offsetResolvesAsTheJvmDoesThroughSuperclasses() {
        Derived d = new Derived();
        d.value = 42;
        assertEquals(42, VolatileFields.getLong(d, offset(Derived.class, "value", "J")));
        VolatileFields.putInt(d, 7, offset(Derived.class, "shared", "I"));
        assertEquals(7, ((Base) d).shared, "the instance field of the superclass, not the static");
        assertThrows(NoSuchFieldError.class, () -> offset(Derived.class, "value", "I"), "type is part of the name");
    }

    /**
     * A final field never changes after its constructor, and a JDK class's field is library code: their sites get
     * the complement of the offset, which asks the accessors for a plain access, and read the same values.
     */
    @Test
    void finalAndJdkFieldsGetPlainAccesses() {
        Derived d = new Derived();
        long fixed = offset(Derived.class, "fixed", "I");
        assertTrue(fixed < 0, "a final field: " + fixed);
        assertEquals(5, VolatileFields.getInt(d, fixed));
        assertTrue(offset(Derived.class, "value", "J") >= 0, "a field that may change: volatile");
        long hash = offset(String.class, "hash", "I");
        assertTrue(hash < 0, "a JDK class's field: " + hash);
        assertEquals("jremix".hashCode(), VolatileFields.getInt("jremix", hash));
        VolatileFields.putLong(d, 9L, ~offset(Derived.class, "value", "J"));
        assertEquals(9L, d.value, "a plain store through the complement");
    }

    /** Like {@code putfield} on a boolean field, a store keeps only the lowest bit of the int it is given. */
    @Test
    void booleanStoreKeepsTheLowestBit() {
        Derived d = new Derived();
        long flag = offset(Derived.class, "flag", "Z");
        VolatileFields.putBoolean(d, 3, flag);
        assertTrue(d.flag);
        VolatileFields.putBoolean(d, 2, flag);
        assertFalse(d.flag);
        assertFalse(VolatileFields.getBoolean(d, flag));
    }

    @Test
    void referencesRoundTrip() {
        Derived d = new Derived();
        Object o = new Object();
        long ref = offset(Derived.class, "ref", "Ljava/lang/Object;");
        VolatileFields.putReference(d, o, ref);
        assertSame(o, d.ref);
        assertSame(o, VolatileFields.getReference(d, ref));
    }
}
