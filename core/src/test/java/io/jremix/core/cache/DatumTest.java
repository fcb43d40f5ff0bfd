package io.jremix.core.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DatumTest {

    @Test
    void field_labelsAndNames() {
        Datum d = Datum.field("a.b.Outer$Inner", "value", 16, 8);

        assertEquals(Datum.Kind.FIELD, d.kind());
        assertEquals(-1, d.index());
        assertEquals("value[16]", d.hitLabel());
        assertEquals("a.b.Outer$Inner::value", d.qualifiedName());
    }

    @Test
    void staticField_labelsAndNames() {
        Datum d = Datum.staticField("a.B", "COUNT", 112, 4);

        assertEquals(Datum.Kind.STATIC, d.kind());
        assertEquals("COUNT[112]", d.hitLabel());
        assertEquals("a.B::COUNT", d.qualifiedName());
    }

    @Test
    void element_labelledByIndexNamedByArrayType() {
        Datum d = Datum.element("long[]", 3, 40, 8);

        assertEquals(Datum.Kind.ELEMENT, d.kind());
        assertNull(d.member());
        assertEquals(3, d.index());
        assertEquals(40, d.offset());
        assertEquals("[3]", d.hitLabel());
        assertEquals("long[]", d.qualifiedName());
    }

    @Test
    void sharingKind_keysAndWords() {
        assertEquals("false-sharing", SharingKind.FALSE_SHARING.key());
        assertEquals("true sharing", SharingKind.TRUE_SHARING.words());
    }
}
