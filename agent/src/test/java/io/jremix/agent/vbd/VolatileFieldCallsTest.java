package io.jremix.agent.vbd;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;

import io.jremix.agent.bytecode.VbdRewrittenCode;
import io.jremix.options.VbdRelaxedPatterns;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import static io.jremix.agent.vbd.VbdRewriterTest.classBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Instance-field accesses made volatile access calls: what they compute, throw, and where they stay fenced. */
class VolatileFieldCallsTest {
    private final VbdRewriter rewriter = new VbdRewriter(VbdRelaxedPatterns.none());

    private Class<?> rewritten() throws Exception {
        rewriter.rewrite(classBytes(FieldCallsBase.class));
        return VbdRewriterTest.defineRewritten(FieldCallsFixture.class,
                rewriter.rewrite(classBytes(FieldCallsFixture.class)));
    }

    @Test
    void everyFieldTypeReadsAndWritesWhatThePlainInstructionsDid() throws Exception {
        VbdRewriter.Outcome o = rewriter.rewrite(classBytes(FieldCallsFixture.class));
        MethodNode roundTrip = method(o.classfile(), "roundTrip");
        long checks = fields(roundTrip).stream().filter(f -> VbdRewrittenCode.checkedCall(f) != null).count();
        assertEquals(fields(roundTrip).size(), checks, "every instance field access of roundTrip is a call");
        assertEquals(List.of(), VbdBytecode.violations(classBytes(FieldCallsFixture.class), o.classfile(),
                VbdRelaxedPatterns.none(), Set.of()));
        Method m = rewritten().getMethod("roundTrip", int.class);
        for (int seed : new int[] {0, 1, 2, 7, -3}) {
            assertEquals(FieldCallsFixture.roundTrip(seed), m.invoke(null, seed), "seed " + seed);
        }
    }

    /**
     * An access whose object is {@code this} on every path goes without the check (it can neither be {@code null}
     * nor lack the field), and computes what the plain instructions did; one whose object is {@code this} on one path
     * only keeps it.
     */
    @Test
    void accessesToThisGoWithoutTheCheck() throws Exception {
        byte[] rewritten = rewriter.rewrite(classBytes(FieldCallsFixture.class)).classfile();
        MethodNode onThis = method(rewritten, "roundTripOnThis");
        assertEquals(List.of(), fields(onThis), "no field instruction left in roundTripOnThis");
        long calls = java.util.stream.StreamSupport.stream(onThis.instructions.spliterator(), false)
                .filter(insn -> insn instanceof MethodInsnNode m && VbdRewrittenCode.accessOf(m) != null).count();
        List<FieldInsnNode> original = fields(method(classBytes(FieldCallsFixture.class), "roundTripOnThis"));
        assertEquals(original.size(), calls, "every field access of roundTripOnThis is a call");
        long methods = java.util.stream.StreamSupport.stream(onThis.instructions.spliterator(), false)
                .filter(insn -> insn instanceof MethodInsnNode m && VbdRewrittenCode.accessOf(m) != null)
                .map(insn -> ((MethodInsnNode) insn).name).distinct().count();
        assertEquals(original.stream().map(f -> f.getOpcode() + f.name).distinct().count(), methods,
                "one access method per field and direction, shared by the class's sites");
        List<FieldInsnNode> either = fields(method(rewritten, "eitherObject"));
        assertEquals(1, either.size());
        assertNotNull(VbdRewrittenCode.checkedCall(either.get(0)), "a maybe-this object is checked");

        Class<?> c = rewritten();
        Object o = c.getConstructor().newInstance();
        for (int seed : new int[] {0, 1, 2, 7, -3}) {
            assertEquals(new FieldCallsFixture().roundTripOnThis(seed),
                    c.getMethod("roundTripOnThis", int.class).invoke(o, seed), "seed " + seed);
        }
        Method eitherObject = c.getMethod("eitherObject", c, boolean.class);
        assertEquals(-30_000_000_000L + -300_000L, eitherObject.invoke(o, null, true));
        assertInstanceOf(NullPointerException.class, cause(() -> eitherObject.invoke(o, null, false)));
    }

    /** The dropped plain load in front throws the JVM's own exception, with its message, in the program's frame. */
    @Test
    void aNullObjectThrowsWhatTheInstructionThrew() throws Exception {
        Class<?> c = rewritten();
        for (String name : List.of("readLong", "writeLong", "writeText")) {
            Method original = method(FieldCallsFixture.class, name);
            Method site = method(c, name);
            Throwable expected = cause(() -> original.invoke(null, args(original)));
            Throwable actual = cause(() -> site.invoke(null, args(site)));
            assertInstanceOf(NullPointerException.class, actual, name);
            assertEquals(expected.getStackTrace()[0].getMethodName(), actual.getStackTrace()[0].getMethodName());
            if (name.startsWith("read")) {
                assertEquals(expected.getMessage(), actual.getMessage());
            } else {
                assertNotNull(actual.getMessage(), "a store names the field it could not reach: " + name);
                assertTrue(actual.getMessage().contains("\"" + (name.equals("writeLong") ? "l" : "text") + "\""),
                        actual.getMessage());
            }
        }
    }

    /**
     * A site needs nothing of the class file's version (it pushes an {@code int}): a Java 8 class file gets the same
     * calls and computes the same, and a Java 6 one gets them too. Constructors keep their fences.
     */
    @Test
    void everyClassFileVersionGetsCallsAndConstructorsKeepFences() throws Exception {
        VbdRewriter.Outcome java8 = rewriter.rewrite(withVersion(classBytes(FieldCallsFixture.class), 52));
        assertTrue(java8.fieldCalls() > 0, "calls in a Java 8 class file");
        assertEquals(List.of(), VbdBytecode.violations(classBytes(FieldCallsFixture.class), java8.classfile(),
                VbdRelaxedPatterns.none(), Set.of()));
        rewriter.rewrite(classBytes(FieldCallsBase.class));
        Method roundTrip = method(VbdRewriterTest.defineRewritten(FieldCallsFixture.class, java8), "roundTrip");
        assertEquals(FieldCallsFixture.roundTrip(3), roundTrip.invoke(null, 3));
        assertEquals(java8.fieldCalls(),
                rewriter.rewrite(withVersion(classBytes(FieldCallsFixture.class), 50)).fieldCalls(), "Java 6");
        byte[] fixture = rewriter.rewrite(classBytes(FieldCallsFixture.class)).classfile();
        for (FieldInsnNode f : fields(method(fixture, "<init>"))) {
            assertNull(VbdRewrittenCode.checkedCall(f), f.name);
        }
    }

    /**
     * {@code classfile} marked as another Java version; the fixture uses nothing that version lacks (no nest
     * mates, records or dynamic constants), so it loads as such a class.
     */
    private static byte[] withVersion(byte[] classfile, int major) {
        byte[] copy = classfile.clone();
        copy[6] = 0;
        copy[7] = (byte) major;
        return copy;
    }

    private static Object[] args(Method m) {
        return m.getParameterCount() == 1 ? new Object[] {null}
                : new Object[] {null, m.getParameterTypes()[1] == long.class ? (Object) 5L : "v"};
    }

    private static Method method(Class<?> c, String name) {
        return java.util.Arrays.stream(c.getMethods()).filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    private static MethodNode method(byte[] classfile, String name) {
        ClassNode c = new ClassNode();
        new ClassReader(classfile).accept(c, 0);
        return c.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static List<FieldInsnNode> fields(MethodNode m) {
        java.util.ArrayList<FieldInsnNode> out = new java.util.ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof FieldInsnNode f && !VbdRewrittenCode.isNullPath(f)) {
                out.add(f);
            }
        }
        return out;
    }

    private interface Action {
        Object run() throws Exception;
    }

    private static Throwable cause(Action a) {
        Throwable t = assertThrows(Throwable.class, a::run);
        return t instanceof InvocationTargetException ite ? ite.getCause() : t;
    }
}
