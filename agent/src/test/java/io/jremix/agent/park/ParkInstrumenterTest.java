package io.jremix.agent.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import io.jremix.probe.park.ParkHooks;
import io.jremix.probe.park.ParkListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.BasicVerifier;
import org.objectweb.asm.util.CheckClassAdapter;

class ParkInstrumenterTest {
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void listen() {
        ParkHooks.install(new ParkListener() {
            @Override
            public Object parking(Object blocker) {
                events.add("before " + blocker);
                return blocker == null ? "no-blocker" : blocker;
            }

            @Override
            public void unparked(Object token) {
                events.add("after " + token);
            }

            @Override
            public void unparking(Thread thread) {
                events.add("wake " + thread.getName());
            }
        });
    }

    @AfterEach
    void uninstall() {
        ParkHooks.install(null);
    }

    private static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void theRunningJdksLockSupportGetsAllSixMethodsAndVerifies() throws Exception {
        ParkInstrumenter.Result r = ParkInstrumenter.instrument(bytes(LockSupport.class));
        assertEquals(ParkInstrumenter.PARK_METHODS, r.methods());
        assertTrue(r.unpark(), "unpark(Thread) gets its hook");
        ClassNode cn = new ClassNode();
        new ClassReader(r.classfile()).accept(cn, 0);
        int hooked = 0;
        for (MethodNode m : cn.methods) {
            new Analyzer<BasicValue>(new BasicVerifier()).analyze(cn.name, m);
            if (!m.name.startsWith("park") || (m.access & Opcodes.ACC_PUBLIC) == 0) {
                continue;
            }
            hooked++;
            List<String> hooks = new ArrayList<>();
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals("io/jremix/probe/park/ParkHooks")) {
                    hooks.add(call.name);
                }
            }
            assertTrue(hooks.get(0).startsWith("before"), m.name + m.desc + " " + hooks);
            assertTrue(hooks.contains("afterPark"), m.name + m.desc + " " + hooks);
            TryCatchBlockNode last = m.tryCatchBlocks.get(m.tryCatchBlocks.size() - 1);
            assertEquals(null, last.type, "the catch-all is outermost: " + m.name + m.desc);
        }
        assertEquals(6, hooked);
    }

    @Test
    void rewrittenShapePassesTheFullVerifier() throws IOException {
        ParkInstrumenter.Result r = ParkInstrumenter.instrument(bytes(LockSupportShape.class));
        assertEquals(6, r.methods());
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(r.classfile()), getClass().getClassLoader(), false, new PrintWriter(out));
        assertEquals("", out.toString());
    }

    @Test
    void everyParkIsPairedWithItsReturn() throws Exception {
        Class<?> shape = load();
        call(shape, "park", new Class<?>[] {Object.class}, "a");
        call(shape, "parkNanos", new Class<?>[] {Object.class, long.class}, "b", 5L);
        call(shape, "parkUntil", new Class<?>[] {Object.class, long.class}, "c", 5L);
        LockSupport.setCurrentBlocker("d"); // as AQS's Condition.await does before its park()
        try {
            call(shape, "park", new Class<?>[0]);
            call(shape, "parkNanos", new Class<?>[] {long.class}, 5L);
            call(shape, "parkUntil", new Class<?>[] {long.class}, 5L);
        } finally {
            LockSupport.setCurrentBlocker(null);
        }
        call(shape, "park", new Class<?>[0]);
        assertEquals(List.of("before a", "after a", "before b", "after b", "before c", "after c",
                "before d", "after d", "before d", "after d", "before d", "after d", "before null", "after no-blocker"),
                events);
        assertEquals("park(a) parkNanos(b) parkUntil(c) park(null) parkNanos(null) parkUntil(null) park(null) ",
                shape.getField("CALLS").get(null).toString(), "the bodies still run, unchanged");
    }

    @Test
    void unparkCallsItsHookFirst() throws Exception {
        Class<?> shape = load();
        Thread target = new Thread(() -> { }, "target");
        call(shape, "unpark", new Class<?>[] {Thread.class}, target);
        assertEquals(List.of("wake target"), events);
        assertEquals("unpark(target) ", shape.getField("CALLS").get(null).toString());
    }

    @Test
    void parkNanosOfZeroIsNoPark() throws Exception {
        Class<?> shape = load();
        call(shape, "parkNanos", new Class<?>[] {Object.class, long.class}, "b", 0L);
        call(shape, "parkNanos", new Class<?>[] {long.class}, -1L);
        assertEquals(List.of(), events);
    }

    @Test
    void anExceptionLeavesThroughTheAfterHookAndStillReachesTheCaller() throws Exception {
        Class<?> shape = load();
        InvocationTargetException e = assertThrows(InvocationTargetException.class,
                () -> call(shape, "park", new Class<?>[] {Object.class}, "throw"));
        assertEquals(IllegalStateException.class, e.getCause().getClass());
        assertEquals(List.of("before throw", "after throw"), events);
    }

    private static void call(Class<?> c, String name, Class<?>[] types, Object... args) throws Exception {
        Method m = c.getMethod(name, types);
        m.invoke(null, args);
    }

    private static Class<?> load() throws IOException {
        byte[] rewritten = ParkInstrumenter.instrument(bytes(LockSupportShape.class)).classfile();
        return new ClassLoader(ParkInstrumenterTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(LockSupportShape.class.getName(), rewritten, 0, rewritten.length);
            }
        }.define();
    }
}
