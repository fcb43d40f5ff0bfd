package io.jremix.agent.cache.repair;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.core.cache.repair.PaddedClass;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class ContendedTransformerTest {
    private static final String NAME = Ring.class.getName().replace('.', '/');

    /** The shape of an SPSC ring: two hot indices written by different threads, a reference both read. */
    static final class Ring {
        static long created;
        final long[] buffer = new long[8];
        volatile long head;
        volatile long tail;
    }

    private static byte[] bytes() throws IOException {
        try (InputStream in = Ring.class.getResourceAsStream("ContendedTransformerTest$Ring.class")) {
            return in.readAllBytes();
        }
    }

    /** The {@code Contended} group of each annotated field. */
    private static Map<String, String> contended(byte[] classfile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classfile).accept(cn, 0);
        Map<String, String> groups = new HashMap<>();
        for (FieldNode f : cn.fields) {
            if (f.visibleAnnotations != null) {
                for (AnnotationNode a : f.visibleAnnotations) {
                    if (a.desc.equals(ContendedTransformer.CONTENDED)) {
                        groups.put(f.name, (String) a.values.get(1));
                    }
                }
            }
        }
        return groups;
    }

    @Test
    void plannedGroupsGetAContendedGroupEach() throws IOException {
        ContendedTransformer t = new ContendedTransformer();
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("head"), List.of("tail"))), "profile");
        byte[] out = t.transform(getClass().getClassLoader(), NAME, null, null, bytes());
        assertNotNull(out);
        assertEquals(Map.of("head", "jremix-0", "tail", "jremix-1", ContendedTransformer.TAIL_FIELD, "jremix-tail"),
                contended(out));
        ContendedTransformer.Padded p = t.padded().get(NAME);
        assertEquals("profile", p.source());
        assertEquals(List.of(), p.missingFields());
    }

    @Test
    void staticAndMissingFieldsAreNotPaddedAndMissingOnesAreReported() throws IOException {
        ContendedTransformer t = new ContendedTransformer();
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("created", "gone"), List.of("tail"))), "online");
        byte[] out = t.transform(getClass().getClassLoader(), NAME, null, null, bytes());
        assertEquals(Map.of("tail", "jremix-1", ContendedTransformer.TAIL_FIELD, "jremix-tail"), contended(out));
        assertEquals(List.of("created", "gone"), t.padded().get(NAME).missingFields());
    }

    @Test
    void unplannedAndRedefinedClassesAreLeftAlone() throws IOException {
        ContendedTransformer t = new ContendedTransformer();
        assertNull(t.transform(getClass().getClassLoader(), NAME, null, null, bytes()), "no plan");
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("head"))), "profile");
        assertNull(t.transform(getClass().getClassLoader(), NAME, Ring.class, null, bytes()),
                "a loaded class cannot change its layout");
        assertEquals(Map.of(), t.padded());
    }

    @Test
    void unreadableClassIsCountedAsFailedAndLeftAlone() {
        ContendedTransformer t = new ContendedTransformer();
        t.plan(new PaddedClass("x.Broken", List.of(List.of("a"))), "profile");
        assertNull(t.transform(getClass().getClassLoader(), "x/Broken", null, null, new byte[] {0, 1}));
        assertEquals(1, t.failed().size());
    }
}
