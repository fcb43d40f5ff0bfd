package io.jremix.agent.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.jremix.agent.options.OptionException;
import io.jremix.agent.options.VbdRelaxedPatterns;
import io.jremix.probe.vbd.RelaxedFields;
import io.jremix.probe.vbd.UnpublishedFields;
import io.jremix.probe.vbd.VolatileArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

class VbdRewriterTest {
    private final VbdRewriter rewriter = new VbdRewriter(VbdRelaxedPatterns.none());

    static byte[] classBytes(Class<?> c) throws IOException {
        String resource = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = Objects.requireNonNull(c.getResourceAsStream(resource), resource)) {
            return in.readAllBytes();
        }
    }

    static String verify(byte[] classfile) {
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(classfile), VbdRewriterTest.class.getClassLoader(), false,
                new PrintWriter(out));
        return out.toString();
    }

    /** Defines the rewritten fixture in its own loader; everything else comes from the test class path. */
    private Class<?> rewrittenFixture() throws IOException, ClassNotFoundException {
        return defineRewritten(VbdFixture.class, rewriter.rewrite(classBytes(VbdFixture.class)));
    }

    /**
     * Registers what the agent's transformer would register for a rewritten class, and defines it in a loader of its
     * own; everything else comes from the test class path.
     */
    static Class<?> defineRewritten(Class<?> original, VbdRewriter.Outcome o) throws ClassNotFoundException {
        String internal = original.getName().replace('.', '/');
        o.volatileFields().forEach(f -> RelaxedFields.madeVolatile(internal, f));
        o.constructors().forEach(c -> UnpublishedFields.constructor(internal, c.desc(), c.escapes(), c.calls()));
        byte[] bytes = o.classfile();
        ClassLoader loader = new ClassLoader(VbdRewriterTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(original.getName())) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        return c != null ? c : defineClass(name, bytes, 0, bytes.length);
                    }
                }
                return super.loadClass(name, resolve);
            }
        };
        return Class.forName(original.getName(), true, loader);
    }

    @Test
    void fixtureIsRewrittenEverywhereButItsRelaxedParts() throws IOException {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(VbdFixture.class));
        assertNotNull(o.classfile());
        assertEquals("", verify(o.classfile()));
        assertEquals(List.of(), VbdBytecode.violations(o.classfile(), VbdRelaxedPatterns.none()));
        assertEquals(5, o.volatileFields().size(), "plain, wide, real, numbers and the static counter");
        assertTrue(o.arraySites() >= 40, "array sites: " + o.arraySites());
        assertEquals(4, o.plainAccessSites(), "Unsafe getInt/putInt and VarHandle get/set");
        assertEquals(List.of(VbdFixture.class.getName() + "::relaxedSum"), o.relaxedMethods());
        assertEquals(List.of(VbdFixture.class.getName() + "::relaxedField"), o.relaxedFields());
    }

    @Test
    void fieldModifiersGainVolatileOnlyWhereAllowed() throws Exception {
        Class<?> c = rewrittenFixture();
        for (String name : List.of("plain", "wide", "real", "numbers", "counter", "alreadyVolatile")) {
            assertTrue(Modifier.isVolatile(c.getDeclaredField(name).getModifiers()), name);
        }
        for (String name : List.of("fixed", "CONSTANT", "relaxedField")) {
            assertFalse(Modifier.isVolatile(c.getDeclaredField(name).getModifiers()), name);
        }
    }

    @Test
    void rewrittenCodeComputesWhatTheOriginalDoes() throws Exception {
        Class<?> c = rewrittenFixture();
        assertEquals(VbdFixture.sumAll(9), c.getMethod("sumAll", int.class).invoke(null, 9));
        assertEquals(VbdFixture.copies(5), c.getMethod("copies", int.class).invoke(null, 5));
        assertEquals(new VbdFixture().unsafeAndHandles(), c.getMethod("unsafeAndHandles").invoke(
                c.getConstructor().newInstance()));
        for (int v : new int[] {0, 1, 2, 3, -1}) {
            assertEquals(VbdFixture.booleanStores(v), c.getMethod("booleanStores", int.class).invoke(null, v));
        }
    }

    @Test
    void serialVersionUidIsTheOriginalOne() throws Exception {
        long original = ObjectStreamClass.lookup(VbdFixture.class).getSerialVersionUID();
        Class<?> c = rewrittenFixture();
        assertEquals(original, ObjectStreamClass.lookup(c).getSerialVersionUID());
        assertTrue(c.getDeclaredField("serialVersionUID").isSynthetic());
    }

    @ParameterizedTest
    @ValueSource(strings = {"int", "long", "byte", "boolean", "char", "short", "float", "double", "ref"})
    void arrayAccessesThrowWhatTheBytecodesThrow(String kind) throws Exception {
        Class<?> c = rewrittenFixture();
        Method load = c.getMethod("load", String.class, Object.class, int.class);
        Method store = c.getMethod("store", String.class, Object.class, int.class, Object.class);
        Object array = java.lang.reflect.Array.newInstance(componentOf(kind), 2);
        for (int index : new int[] {-1, 2, 1 << 30}) {
            Throwable expected = thrown(() -> VbdFixture.load(kind, array, index));
            Throwable actual = cause(() -> load.invoke(null, kind, array, index));
            assertEquals(ArrayIndexOutOfBoundsException.class, actual.getClass());
            assertEquals(expected.getMessage(), actual.getMessage());
            expected = thrown(() -> VbdFixture.store(kind, array, index, "x"));
            actual = cause(() -> store.invoke(null, kind, array, index, "x"));
            assertEquals(ArrayIndexOutOfBoundsException.class, actual.getClass());
            assertEquals(expected.getMessage(), actual.getMessage());
        }
        assertEquals(NullPointerException.class, cause(() -> load.invoke(null, kind, null, 0)).getClass());
        assertEquals(NullPointerException.class, cause(() -> store.invoke(null, kind, null, 0, "x")).getClass());
    }

    @Test
    void storingTheWrongTypeStillThrowsArrayStoreException() throws Exception {
        Method store = rewrittenFixture().getMethod("store", String.class, Object.class, int.class, Object.class);
        Object[] strings = new String[1];
        assertEquals(ArrayStoreException.class, thrown(() -> VbdFixture.store("ref", strings, 0, 1)).getClass());
        assertEquals(ArrayStoreException.class, cause(() -> store.invoke(null, "ref", strings, 0, 1)).getClass());
        store.invoke(null, "ref", strings, 0, "fits");
        assertEquals("fits", strings[0]);
    }

    @Test
    void booleanStoreKeepsTheLowestBitAsBastoreDoes() {
        boolean[] flags = new boolean[1];
        VolatileArrays.setBoolean(flags, 0, 2);
        assertFalse(flags[0]);
        VolatileArrays.setBoolean(flags, 0, 3);
        assertTrue(flags[0]);
    }

    @Test
    void relaxedMethodReachesFieldsVbdMadeVolatileThroughPlainAccessSites() throws Exception {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(VbdFixture.class));
        ClassNode c = new ClassNode();
        new ClassReader(o.classfile()).accept(c, 0);
        MethodNode relaxed = c.methods.stream().filter(m -> m.name.equals("relaxedSum")).findFirst().orElseThrow();
        List<String> fieldInsns = new ArrayList<>();
        List<String> sites = new ArrayList<>();
        for (AbstractInsnNode insn : relaxed.instructions) {
            if (insn instanceof FieldInsnNode f) {
                fieldInsns.add(f.name);
            } else if (insn instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals(MethodRewriter.RELAXED_FIELDS)) {
                sites.add(indy.bsm.getName() + " " + indy.name + indy.desc);
            }
        }
        assertEquals(List.of(), fieldInsns, "no field instruction left");
        assertEquals(List.of("getField numbers(Ljava/lang/Object;)Ljava/lang/Object;",
                "getField numbers(Ljava/lang/Object;)Ljava/lang/Object;"), sites);
        assertEquals(2, o.relaxedFieldSites());
        Class<?> rewritten = rewrittenFixture();
        Object fixture = rewritten.getConstructor().newInstance();
        assertEquals(new VbdFixture().relaxedSum(), rewritten.getMethod("relaxedSum").invoke(fixture));
    }

    @Test
    void relaxedClassIsLeftAsItWas() throws IOException {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(VbdFixture.RelaxedClass.class));
        assertTrue(o.relaxedClass());
        assertNull(o.classfile());
    }

    @Test
    void patternsRelaxLikeTheAnnotation() throws IOException, OptionException {
        VbdRelaxedPatterns patterns = VbdRelaxedPatterns.parse("test", List.of(
                "io.jremix.agent.vbd.VbdFixture::sumAll", "io/jremix/agent/vbd/VbdFixture.wide"));
        VbdRewriter.Outcome o = new VbdRewriter(patterns).rewrite(classBytes(VbdFixture.class));
        assertEquals(List.of(), VbdBytecode.violations(o.classfile(), patterns));
        assertTrue(o.relaxedMethods().contains(VbdFixture.class.getName() + "::sumAll"), o.relaxedMethods().toString());
        assertTrue(o.relaxedFields().contains(VbdFixture.class.getName() + "::wide"), o.relaxedFields().toString());
        assertFalse(VbdBytecode.violations(o.classfile(), VbdRelaxedPatterns.none()).isEmpty(),
                "sumAll keeps its plain array accesses");
        VbdRewriter.Outcome whole = new VbdRewriter(VbdRelaxedPatterns.parse("test",
                List.of("io.jremix.agent.vbd.*"))).rewrite(classBytes(VbdFixture.class));
        assertTrue(whole.relaxedClass());
    }

    private static Class<?> componentOf(String kind) {
        return switch (kind) {
            case "int" -> int.class;
            case "long" -> long.class;
            case "byte" -> byte.class;
            case "boolean" -> boolean.class;
            case "char" -> char.class;
            case "short" -> short.class;
            case "float" -> float.class;
            case "double" -> double.class;
            default -> String.class;
        };
    }

    private interface Action {
        void run() throws Exception;
    }

    private static Throwable thrown(Action a) {
        return assertThrows(Throwable.class, a::run);
    }

    private static Throwable cause(Action a) {
        Throwable t = thrown(a);
        return t instanceof InvocationTargetException ite ? ite.getCause() : t;
    }
}
