package io.jremix.agent.cache.instrument;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.ProbeGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.LOADER;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.classBytes;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.drain;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.load;
import static io.jremix.agent.cache.instrument.CacheInstrumenterTest.verify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Probed methods with a copy of their own code for between bursts: the JVM and ASM verify them, they compute what
 * the original computes in either copy, a burst that starts or ends inside a loop moves it to the other copy at its
 * next iteration, and methods that cannot be duplicated keep their per-access probes and are counted.
 */
class DuplicatedBodiesTest implements Opcodes {
    private static final int N = 1000;
    private static final int AT = 499;

    private final CacheInstrumenter instrumenter = new CacheInstrumenter(new SiteTable(), 4, true);

    @BeforeEach
    void burstMode() {
        CacheProbe.samplingRatio(1);
        ProbeGate.set(true);
    }

    @AfterEach
    void closeGate() {
        CacheProbe.tracing(false);
        ProbeGate.set(false);
    }

    @Test
    void everyFixtureMethodIsDuplicatedAndVerifies() throws IOException {
        for (Class<?> c : List.of(AccessFixture.class, AccessFixture.Inner.class, AccessFixture.Derived.class,
                LoopFixture.class)) {
            CacheInstrumenter.Result r = instrumenter.instrument(classBytes(c), LOADER);
            assertEquals(0, r.notDuplicated(), c.getName());
            assertEquals("", verify(r.classfile(), getClass().getClassLoader()), c.getName());
        }
    }

    @Test
    void eitherCopyComputesWhatTheOriginalDoesAndOnlyTheProbedOneRecords() throws Exception {
        long expected = new AccessFixture().run();
        Class<?> fixture = load(instrumenter, AccessFixture.class, AccessFixture.Inner.class,
                AccessFixture.Derived.class);
        drain();

        assertEquals(expected, run(fixture));
        assertEquals(List.of(), drain(), "between bursts");

        CacheProbe.tracing(true);
        assertEquals(expected, run(fixture));
        Set<CacheSite.Kind> kinds = EnumSet.noneOf(CacheSite.Kind.class);
        drain().forEach(e -> kinds.add(CacheSites.get(e[1]).kind()));
        assertEquals(EnumSet.allOf(CacheSite.Kind.class), kinds, "in a burst");
    }

    @Test
    void aBurstStartingInsideALoopTracesItsRemainingIterations() throws Exception {
        Object fixture = loopFixture();
        Runnable start = () -> CacheProbe.tracing(true);
        assertEquals(N, call(fixture, "count", start));
        assertEquals(2 * (N - AT - 1) + 1, events("count"),
                "a read and a write of total in each later iteration, and the read it returns");
        CacheProbe.tracing(false);
        call(fixture, "countGuarded", start);
        assertEquals(3 * (N - AT - 1) + 4, events("countGuarded"),
                "cells read, an element read and written in each later iteration, two of each read for the result");
    }

    @Test
    void aBurstStartingInALoopsLastIterationTracesTheCodeAfterTheLoop() throws Exception {
        Object fixture = loopFixture();
        assertEquals(N, call(fixture, "count", N - 1, () -> CacheProbe.tracing(true)));
        assertEquals(1, events("count"), "the read of total it returns, after the exit test that ended the loop");
    }

    @Test
    void aBurstStartingInsideALoopWhoseTestReadsAFieldTracesItsTests() throws Exception {
        Object fixture = loopFixture();
        assertEquals(N, call(fixture, "countUp", AT, () -> CacheProbe.tracing(true)));
        assertEquals(3 * (N - AT - 1) + 2, events("countUp"),
                "the test's read and the increment's read and write in each later iteration, the last test, the result");
    }

    @Test
    void aLoopsCheckFollowsItsLeadingTestOnLocalsAndGoesOnUnprobedAsItsTakenBranch() throws IOException {
        List<MethodInsnNode> checks = checks(instrumented(LoopFixture.class, "count"));
        assertEquals(3, checks.size(), "at entry, in the loop, where the loop's test leaves it");
        assertEquals(IF_ICMPGE, real(checks.get(1), -1).getOpcode(), "after i < n");
        assertEquals(IFEQ, real(checks.get(1), 1).getOpcode());
        assertEquals(GOTO, real(real(checks.get(1), 1), 1).getOpcode());
    }

    @Test
    void aLoopWhoseTestReadsAFieldIsCheckedAtItsHeaderBeforeTheRead() throws IOException {
        List<MethodInsnNode> checks = checks(instrumented(LoopFixture.class, "countUp"));
        assertEquals(2, checks.size(), "at entry and at the loop's header");
        AbstractInsnNode afterCheck = real(real(real(checks.get(1), 1), 1), 1);
        assertEquals(ALOAD, afterCheck.getOpcode());
        assertEquals("total", ((FieldInsnNode) real(afterCheck, 1)).name);
    }

    @Test
    void aBurstEndingInsideALoopLeavesItsRemainingIterationsUntraced() throws Exception {
        Object fixture = loopFixture();
        CacheProbe.tracing(true);
        assertEquals(N, call(fixture, "count", () -> CacheProbe.tracing(false)));
        // the hook's class word is read once before the loop (FoldedReads): it gets no probe
        assertEquals(2 * (AT + 1), events("count"), "a read and a write of total in each iteration");
    }

    @Test
    void anExceptionCaughtInTheCheckingCopyIsHandledThere() throws Exception {
        Object fixture = loopFixture();
        int result = call(fixture, "countGuarded", () -> {
            throw new IllegalStateException();
        });
        assertEquals(new LoopFixture(2 * N).countGuarded(N, AT, () -> {
            throw new IllegalStateException();
        }), result);
        assertEquals(0, events("countGuarded"));
    }

    /**
     * 560 static reads: 2,240 bytes as they are; with a probe before each (ldc of the class, ldc of the site id,
     * invokestatic) at most 7,280, and 9,520 with both copies.
     */
    @Test
    void methodsTooLargeToDuplicateKeepPerAccessProbesAndAreCounted() {
        CacheInstrumenter.Result r = instrumenter.instrument(staticReads(560), LOADER);
        assertEquals(1, r.notDuplicated());
        assertEquals(560, r.probes());
        assertEquals(0, r.tooLarge());
        assertEquals("", verify(r.classfile(), getClass().getClassLoader()));
        assertTrue(CodeLengths.of(r.classfile()).get("run()V") <= CodeSize.HUGE_METHOD_LIMIT);
    }

    /**
     * A method that probes would push past HotSpot's HugeMethodLimit is left as it was, and counted: the JIT would
     * leave it to the interpreter for as long as it kept its probes. One already past the limit keeps them.
     */
    @Test
    void methodsThatProbesWouldMakeTooLargeToCompileAreLeftAsTheyWereAndCounted() {
        byte[] large = staticReads(1000); // 4,000 bytes, over 10,000 with probes
        CacheInstrumenter.Result r = instrumenter.instrument(large, LOADER);
        assertNull(r.classfile());
        assertEquals(0, r.probes());
        assertEquals(1, r.tooLarge());

        CacheInstrumenter.Result huge = instrumenter.instrument(staticReads(2001), LOADER); // 8,004 bytes
        assertEquals(2001, huge.probes());
        assertEquals(0, huge.tooLarge());
        assertEquals("", verify(huge.classfile(), getClass().getClassLoader()));
    }

    /** A class whose one method reads static field {@code f} {@code n} times. */
    private static byte[] staticReads(int n) {
        return generated(V17, mv -> {
            for (int i = 0; i < n; i++) {
                mv.visitFieldInsn(GETSTATIC, "Generated", "f", "I");
                mv.visitInsn(POP);
            }
        });
    }

    @Test
    void methodsWithSubroutinesKeepPerAccessProbesAndAreCounted() {
        byte[] jsr = generated(V1_5, mv -> {
            Label sub = new Label();
            Label after = new Label();
            mv.visitJumpInsn(JSR, sub);
            mv.visitJumpInsn(GOTO, after);
            mv.visitLabel(sub);
            mv.visitVarInsn(ASTORE, 0);
            mv.visitFieldInsn(GETSTATIC, "Generated", "f", "I");
            mv.visitInsn(POP);
            mv.visitVarInsn(RET, 0);
            mv.visitLabel(after);
        });
        CacheInstrumenter.Result r = instrumenter.instrument(jsr, LOADER);
        assertEquals(1, r.notDuplicated());
        assertEquals(1, r.probes());
    }

    @Test
    void methodsWithAnUnconstructedObjectAtALoopHeaderKeepPerAccessProbesAndAreCounted() {
        byte[] pending = generated(V17, mv -> {
            Label loop = new Label();
            mv.visitTypeInsn(NEW, "java/lang/Object"); // on the stack, unconstructed, across the loop
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, 0);
            mv.visitLabel(loop);
            mv.visitFieldInsn(GETSTATIC, "Generated", "f", "I");
            mv.visitInsn(POP);
            mv.visitIincInsn(0, 1);
            mv.visitVarInsn(ILOAD, 0);
            mv.visitIntInsn(BIPUSH, 10);
            mv.visitJumpInsn(IF_ICMPLT, loop);
            mv.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        });
        CacheInstrumenter.Result r = instrumenter.instrument(pending, LOADER);
        assertEquals(1, r.notDuplicated());
        assertEquals("", verify(r.classfile(), getClass().getClassLoader()));
    }

    /** A class {@code Generated} with a static int {@code f} and a static method {@code run} with the given body. */
    private static byte[] generated(int version, java.util.function.Consumer<MethodVisitor> body) {
        ClassWriter cw = new ClassWriter(version >= V1_6 ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS);
        cw.visit(version, ACC_PUBLIC, "Generated", null, "java/lang/Object", null);
        cw.visitField(ACC_STATIC, "f", "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        body.accept(mv);
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * An instrumented LoopFixture built between bursts, with the countdown of this thread left at one so that every
     * access it traces next is recorded.
     */
    private Object loopFixture() throws Exception {
        Class<?> c = load(instrumenter, LoopFixture.class);
        CacheProbe.tracing(true);
        Object fixture = c.getConstructor(int.class).newInstance(2 * N);
        CacheProbe.tracing(false);
        assertTrue(events("<init>") > 0, "the constructor's probed copy records");
        c.getConstructor(int.class).newInstance(N);
        assertEquals(0, events("<init>"), "its checking copy does not");
        return fixture;
    }

    private static long run(Class<?> fixture) throws Exception {
        return (long) fixture.getMethod("run").invoke(fixture.getConstructor().newInstance());
    }

    private static int call(Object fixture, String method, Runnable hook) throws Exception {
        return call(fixture, method, AT, hook);
    }

    /** Calls {@code method(N, at, hook)}: the hook runs in iteration {@code at}. */
    private static int call(Object fixture, String method, int at, Runnable hook) throws Exception {
        return (int) fixture.getClass().getMethod(method, int.class, int.class, Runnable.class)
                .invoke(fixture, N, at, hook);
    }

    private MethodNode instrumented(Class<?> c, String method) throws IOException {
        ClassNode cn = new ClassNode();
        new ClassReader(instrumenter.instrument(classBytes(c), LOADER).classfile()).accept(cn, 0);
        return cn.methods.stream().filter(m -> m.name.equals(method)).findFirst().orElseThrow();
    }

    /** The calls to {@code CacheProbe.inBurst} in {@code m}'s checking copy, which comes first. */
    private static List<MethodInsnNode> checks(MethodNode m) {
        List<MethodInsnNode> checks = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals("inBurst")) {
                checks.add(call);
            } else if (insn instanceof MethodInsnNode call && call.owner.equals("io/jremix/probe/cache/CacheProbe")) {
                break; // a probe: the probed copy has begun
            }
        }
        return checks;
    }

    /** The instruction {@code step} (1 or -1) from {@code insn}, past labels, line numbers and frames. */
    private static AbstractInsnNode real(AbstractInsnNode insn, int step) {
        AbstractInsnNode n = step > 0 ? insn.getNext() : insn.getPrevious();
        while (n.getOpcode() < 0) {
            n = step > 0 ? n.getNext() : n.getPrevious();
        }
        return n;
    }

    /** Events recorded since the last call, from sites in LoopFixture's {@code method}. */
    private static long events(String method) {
        return drain().stream().filter(e -> CacheSites.get(e[1]).where().contains("LoopFixture." + method + "("))
                .count();
    }
}
