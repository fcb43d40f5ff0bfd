package io.jremix.agent.vbd;

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
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.options.OptionException;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.probe.vbd.UnpublishedFields;
import io.jremix.probe.vbd.VolatileArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertEquals(List.of(), VbdBytecode.violations(classBytes(VbdFixture.class), o.classfile(),
                VbdRelaxedPatterns.none(), Set.of()));
        assertEquals(1, o.fieldSites(), "the constructor's store after it returned early: " + o.fieldSites());
        assertEquals(3, o.unpublishedSites(), "numbers, fixed and plain before the constructor lets this escape");
        assertTrue(o.arraySites() >= 40, "array sites: " + o.arraySites());
        assertEquals(4, o.plainAccessSites(), "Unsafe getInt/putInt and VarHandle get/set");
        assertEquals(List.of(VbdFixture.class.getName() + "::relaxedSum"), o.relaxedMethods());
        assertEquals(List.of(VbdFixture.class.getName() + "::relaxedField"), o.relaxedFields());
    }

    /** VBD changes how fields are accessed, not what the class declares: reflection sees the original modifiers. */
    @Test
    void fieldDeclarationsAreUnchanged() throws Exception {
        Class<?> c = rewrittenFixture();
        for (java.lang.reflect.Field f : VbdFixture.class.getDeclaredFields()) {
            assertEquals(f.getModifiers(), c.getDeclaredField(f.getName()).getModifiers(), f.getName());
        }
        assertFalse(Modifier.isVolatile(c.getDeclaredField("plain").getModifiers()));
        assertTrue(Modifier.isVolatile(c.getDeclaredField("alreadyVolatile").getModifiers()));
        assertThrows(IllegalArgumentException.class, () -> java.util.concurrent.atomic.AtomicIntegerFieldUpdater
                .newUpdater(VbdFixture.class, "plain"), "an updater needs a field declared volatile, as without VBD");
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
        assertThrows(NoSuchFieldException.class, () -> c.getDeclaredField("serialVersionUID"));
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
    void relaxedMethodIsLeftAsWritten() throws Exception {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(VbdFixture.class));
        assertEquals(code(classBytes(VbdFixture.class), "relaxedSum"), code(o.classfile(), "relaxedSum"));
        Class<?> rewritten = rewrittenFixture();
        Object fixture = rewritten.getConstructor().newInstance();
        assertEquals(new VbdFixture().relaxedSum(), rewritten.getMethod("relaxedSum").invoke(fixture));
    }

    /**
     * From another class, a relaxed or final field is plain once its class has been rewritten; the others are
     * fenced. Before, nothing is known of them: fenced too, never less ordered.
     */
    @Test
    void relaxedAndFinalFieldsStayPlainInOtherClasses() throws IOException {
        VbdRewriter fresh = new VbdRewriter(VbdRelaxedPatterns.none());
        fresh.rewrite(classBytes(VbdFixture.class));
        VbdRewriter.Outcome o = fresh.rewrite(classBytes(VbdFixture.Neighbour.class));
        assertEquals(List.of("getfield plain volatile", "putfield plain volatile",
                "getfield relaxedField -", "getfield plain volatile", "getstatic counter acquireFence",
                "getfield fixed -"), fieldAccesses(o.classfile(), "sum"));
        VbdRewriter.Outcome early = new VbdRewriter(VbdRelaxedPatterns.none())
                .rewrite(classBytes(VbdFixture.Neighbour.class));
        List<String> unknown = fieldAccesses(early.classfile(), "sum");
        assertEquals("getfield relaxedField volatile", unknown.get(2));
        assertEquals("getfield fixed volatile", unknown.get(5));
    }

    /** The JDK's classes are relaxed library code: the program's accesses to their fields stay plain. */
    @Test
    void jdkFieldsStayPlainOnceTheirClassIsKnown() throws IOException {
        VbdRewriter jdkKnown = new VbdRewriter(VbdRelaxedPatterns.none());
        jdkKnown.jdkClass("java/lang/Long");
        VbdRewriter.Outcome o = jdkKnown.rewrite(classBytes(VbdFixture.class));
        assertTrue(fieldAccesses(o.classfile(), "<clinit>").contains("getstatic TYPE -"),
                fieldAccesses(o.classfile(), "<clinit>").toString());
    }

    @Test
    void patternRelaxesAnotherClassFieldBeforeItLoads() throws IOException, OptionException {
        VbdRewriter patterned = new VbdRewriter(VbdRelaxedPatterns.parse("test",
                List.of("io.jremix.agent.vbd.VbdFixture::relaxedField")));
        VbdRewriter.Outcome o = patterned.rewrite(classBytes(VbdFixture.Neighbour.class));
        assertEquals("getfield relaxedField -", fieldAccesses(o.classfile(), "sum").get(2));
    }

    /** No other thread sees a class's static fields before its initialiser ends, so those accesses stay plain. */
    @Test
    void classInitialiserAccessesItsOwnStaticsPlainly() throws IOException {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(VbdFixture.class));
        assertEquals(List.of("putstatic UNSAFE -", "getstatic UNSAFE -", "putstatic PLAIN_OFFSET -",
                "getstatic TYPE acquireFence", "putstatic WIDE -"), fieldAccesses(o.classfile(), "<clinit>"),
                "Long.TYPE is another class's field");
    }

    /** On hardware that is not multi-copy atomic (POWER) a fenced load also gets a full fence before it. */
    @Test
    void loadsGetALeadingFullFenceWhereTheHardwareNeedsIt() throws IOException {
        VbdRewriter power = new VbdRewriter(VbdRelaxedPatterns.none(), new FieldFences(true));
        power.rewrite(classBytes(VbdFixture.class));
        VbdRewriter.Outcome o = power.rewrite(classBytes(VbdFixture.Neighbour.class));
        assertEquals("fullFence getstatic counter acquireFence", fieldAccesses(o.classfile(), "sum").get(4));
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
        assertEquals(List.of(), VbdBytecode.violations(classBytes(VbdFixture.class), o.classfile(), patterns, Set.of()));
        assertTrue(o.relaxedMethods().contains(VbdFixture.class.getName() + "::sumAll"), o.relaxedMethods().toString());
        assertTrue(o.relaxedFields().contains(VbdFixture.class.getName() + "::wide"), o.relaxedFields().toString());
        assertFalse(VbdBytecode.violations(classBytes(VbdFixture.class), o.classfile(), VbdRelaxedPatterns.none(), Set.of())
                .isEmpty(),
                "sumAll keeps its plain array accesses");
        VbdRewriter.Outcome whole = new VbdRewriter(VbdRelaxedPatterns.parse("test",
                List.of("io.jremix.agent.vbd.*"))).rewrite(classBytes(VbdFixture.class));
        assertTrue(whole.relaxedClass());
    }

    /** The instructions of method {@code name}, one line each, as ASM's textifier prints them. */
    private static String code(byte[] classfile, String name) {
        StringWriter out = new StringWriter();
        org.objectweb.asm.util.Textifier text = new org.objectweb.asm.util.Textifier();
        method(classfile, name).accept(new org.objectweb.asm.util.TraceMethodVisitor(text));
        text.print(new PrintWriter(out));
        return out.toString();
    }

    /**
     * Each field instruction of method {@code name} with what surrounds it: {@code [fence] opcode field fence}, the
     * fence after it {@code -} when there is none; {@code opcode field volatile} for a volatile access call.
     */
    private static List<String> fieldAccesses(byte[] classfile, String name) {
        List<String> out = new ArrayList<>();
        for (AbstractInsnNode insn : method(classfile, name).instructions) {
            VbdRewrittenCode.SiteAccess call = insn instanceof MethodInsnNode c ? VbdRewrittenCode.accessOf(c) : null;
            if (call != null) {
                out.add((call.store() ? "putfield " : "getfield ") + call.name() + " volatile");
            } else if (insn instanceof FieldInsnNode f && VbdRewrittenCode.checkedCall(f) == null
                    && !VbdRewrittenCode.isNullPath(f)) {
                String before = fenceName(f.getPrevious());
                String after = fenceName(f.getNext());
                String op = org.objectweb.asm.util.Printer.OPCODES[f.getOpcode()].toLowerCase();
                out.add((before == null ? "" : before + " ") + op + " " + f.name + " " + (after == null ? "-" : after));
            }
        }
        return out;
    }

    private static String fenceName(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode call && call.owner.equals(MethodRewriter.VAR_HANDLE) ? call.name : null;
    }

    private static MethodNode method(byte[] classfile, String name) {
        ClassNode c = new ClassNode();
        new ClassReader(classfile).accept(c, 0);
        return c.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
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
