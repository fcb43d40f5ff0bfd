package io.jremix.probe.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VolatileFieldsTest {
    private static final String BASE = "io/jremix/probe/vbd/VolatileFieldsTest$Base";
    private static final String DERIVED = "io/jremix/probe/vbd/VolatileFieldsTest$Derived";

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

    /** A hiding field of the same name and type in a subclass: a site naming the superclass means the superclass's. */
    static class Hiding extends Derived {
        long value;
    }

    @Test
    void sitesResolveAsTheJvmDoesThroughSuperclasses() {
        Derived d = new Derived();
        d.value = 42;
        assertEquals(42, VolatileFields.getLong(d, VolatileFields.site(DERIVED, "value", "J")));
        VolatileFields.putInt(d, 7, VolatileFields.site(DERIVED, "shared", "I"));
        assertEquals(7, ((Base) d).shared, "the instance field of the superclass, not the static");
        assertThrows(NoSuchFieldError.class, () -> VolatileFieldsTest.offset(Derived.class, "value", "I"),
                "the type is part of the field's name");
    }

    @Test
    void aSiteNamingTheSuperclassReachesItsFieldThroughASubclassObject() {
        Hiding h = new Hiding();
        ((Base) h).value = 1;
        h.value = 2;
        assertEquals(1, VolatileFields.getLong(h, VolatileFields.site(BASE, "value", "J")));
        assertEquals(2, VolatileFields.getLong(h, VolatileFields.site("io/jremix/probe/vbd/VolatileFieldsTest$Hiding",
                "value", "J")));
    }

    /** Like {@code putfield} on a boolean field, a store keeps only the lowest bit of the int it is given. */
    @Test
    void booleanStoreKeepsTheLowestBit() {
        Derived d = new Derived();
        int flag = VolatileFields.site(DERIVED, "flag", "Z");
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
        int ref = VolatileFields.site(DERIVED, "ref", "Ljava/lang/Object;");
        VolatileFields.putReference(d, o, ref);
        assertSame(o, d.ref);
        assertSame(o, VolatileFields.getReference(d, ref));
    }

    /**
     * A final field never changes after its constructor, and a JDK class's field is library code: their sites get
     * the complement of the offset, which asks the accessors for a plain access, and read the same values.
     */
    @Test
    void finalAndJdkFieldsGetPlainAccesses() {
        VolatileFields.jdkClasses(c -> c.getClassLoader() == null);
        assertTrue(offset(Derived.class, "fixed", "I") < 0, "a final field");
        assertEquals(5, VolatileFields.getInt(new Derived(), VolatileFields.site(DERIVED, "fixed", "I")));
        assertTrue(offset(Derived.class, "value", "J") >= 0, "a field that may change: volatile");
        assertTrue(offset(String.class, "hash", "I") < 0, "a JDK class's field");
        int hash = "jremix".hashCode();
        assertEquals(hash, VolatileFields.getInt("jremix", VolatileFields.site("java/lang/String", "hash", "I")));
    }

    private static long offset(Class<?> owner, String name, String descriptor) {
        return VolatileFields.offset(owner, name, descriptor);
    }
}
