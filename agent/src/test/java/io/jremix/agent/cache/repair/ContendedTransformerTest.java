package io.jremix.agent.cache.repair;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        ContendedTransformer t = new ContendedTransformer(false);
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("head"), List.of("tail"))), "profile");
        byte[] out = t.transform(getClass().getModule(), getClass().getClassLoader(), NAME, null, null, bytes());
        assertNotNull(out);
        assertEquals(Map.of("head", "jremix-0", "tail", "jremix-1", ContendedTransformer.TAIL_FIELD, "jremix-tail"),
                contended(out));
        ContendedTransformer.Padded p = t.padded().get(NAME);
        assertEquals("profile", p.source());
        assertEquals(List.of(), p.missingFields());
    }

    @Test
    void staticAndMissingFieldsAreNotPaddedAndMissingOnesAreReported() throws IOException {
        ContendedTransformer t = new ContendedTransformer(false);
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("created", "gone"), List.of("tail"))), "online");
        byte[] out = t.transform(getClass().getModule(), getClass().getClassLoader(), NAME, null, null, bytes());
        assertEquals(Map.of("tail", "jremix-1", ContendedTransformer.TAIL_FIELD, "jremix-tail"), contended(out));
        assertEquals(List.of("created", "gone"), t.padded().get(NAME).missingFields());
    }

    @Test
    void unplannedAndRedefinedClassesAreLeftAlone() throws IOException {
        ContendedTransformer t = new ContendedTransformer(false);
        assertNull(t.transform(getClass().getModule(), getClass().getClassLoader(), NAME, null, null, bytes()), "no plan");
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("head"))), "profile");
        assertNull(t.transform(getClass().getModule(), getClass().getClassLoader(), NAME, Ring.class, null, bytes()),
                "a loaded class cannot change its layout");
        assertEquals(Map.of(), t.padded());
    }

    /** A JDK class, planned by a profile of an earlier run with the option or written by hand. */
    @Test
    void aJdkClassIsPaddedOnlyWhenTheRunAllowsIt() throws IOException {
        String atomic = "java/util/concurrent/atomic/AtomicLong";
        byte[] classfile;
        try (InputStream in = Object.class.getResourceAsStream("/" + atomic + ".class")) {
            classfile = in.readAllBytes();
        }
        for (boolean allowed : new boolean[] {false, true}) {
            ContendedTransformer t = new ContendedTransformer(allowed);
            t.plan(new PaddedClass("java.util.concurrent.atomic.AtomicLong", List.of(List.of("value"))), "profile");
            byte[] out = t.transform(Object.class.getModule(), null, atomic, null, null, classfile);
            if (allowed) {
                assertEquals(Map.of("value", "jremix-0", ContendedTransformer.TAIL_FIELD, "jremix-tail"), contended(out));
                assertEquals(Set.of(), t.jdkLeftAlone());
            } else {
                assertNull(out);
                assertEquals(Map.of(), t.padded());
                assertEquals(Set.of("java.util.concurrent.atomic.AtomicLong"), t.jdkLeftAlone());
            }
        }
        ContendedTransformer t = new ContendedTransformer(false);
        t.plan(new PaddedClass(Ring.class.getName(), List.of(List.of("head"))), "profile");
        assertNotNull(t.transform(getClass().getModule(), getClass().getClassLoader(), NAME, null, null, bytes()),
                "the program's classes are padded as before");
    }

    @Test
    void unreadableClassIsCountedAsFailedAndLeftAlone() {
        ContendedTransformer t = new ContendedTransformer(false);
        t.plan(new PaddedClass("x.Broken", List.of(List.of("a"))), "profile");
        assertNull(t.transform(getClass().getModule(), getClass().getClassLoader(), "x/Broken", null, null, new byte[] {0, 1}));
        assertEquals(1, t.failed().size());
    }
}
