package io.jremix.agent.cache;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.cache.ProbeGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A probed method with a loop keeps the thread's countdown in a local, and hands it on so that the thread's accesses
 * form one sequence across calls, returns and exceptions, with the methods without loops, which count in the thread's
 * slot: after a call into instrumented code the thread's countdown is down by exactly the accesses made.
 */
class LocalCountdownTest {
    /** Past every switched site: follows the gate alone. */
    private static final int GATE_ONLY = Integer.MAX_VALUE;
    private static final int N = 100;

    private Object fixture;
    private Class<?> instrumented;

    @BeforeEach
    void openGate() throws Exception {
        instrumented = CacheInstrumenterTest.load(new CacheInstrumenter(new SiteTable(), 4, false),
                CountdownFixture.class);
        fixture = instrumented.getConstructor().newInstance();
        CacheProbe.samplingRatio(CacheProbe.MAX_RATIO); // a period far longer than the accesses counted
        ProbeGate.set(true);
        call("loop", 1); // the first access records and draws a period
        CacheInstrumenterTest.drain();
    }

    @AfterEach
    void closeGate() {
        ProbeGate.set(false);
        CacheProbe.samplingRatio(1000);
    }

    @Test
    void accessesInCalledMethodsCountInTheCallersSequence() throws Exception {
        assertEquals(4 * N, countedDuring("loop"));
    }

    @Test
    void accessesBeforeAThrowCountInTheHandlersSequence() throws Exception {
        assertEquals(3 * N, countedDuring("caught"));
    }

    @Test
    void aShutGateLeavesTheCountdownAlone() throws Exception {
        int before = threadCountdown();
        ProbeGate.set(false);
        call("loop", N);
        ProbeGate.set(true);
        assertEquals(before, threadCountdown());
        assertEquals(List.of(), CacheInstrumenterTest.drain());
    }

    @Test
    void onlyMethodsWithLoopsKeepTheCountdownInALocal() throws Exception {
        CacheInstrumenter.Result r = new CacheInstrumenter(new SiteTable(), 4, false)
                .instrument(CacheInstrumenterTest.classBytes(CountdownFixture.class), CacheInstrumenterTest.LOADER);
        ClassNode cn = new ClassNode();
        new ClassReader(r.classfile()).accept(cn, 0);
        Map<String, Set<String>> probeCalls = new HashMap<>();
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode c && c.owner.equals("io/jremix/probe/cache/CacheProbe")) {
                    probeCalls.computeIfAbsent(m.name, k -> new TreeSet<>()).add(c.name + c.desc);
                }
            }
        }
        assertEquals(Set.of("countdown(I)I", "keep(II)V", "field(Ljava/lang/Object;II)I"), probeCalls.get("loop"));
        assertEquals(Set.of("field(Ljava/lang/Object;I)V"), probeCalls.get("bump"));
        assertEquals(Set.of("field(Ljava/lang/Object;I)V"), probeCalls.get("fail"));
    }

    /** How far the thread's countdown went down while {@code method} ran {@link #N} iterations. */
    private int countedDuring(String method) throws Exception {
        int before = threadCountdown();
        assertTrue(before > 4 * N, "a period long enough to count down without recording: " + before);
        call(method, N);
        int after = threadCountdown();
        assertEquals(List.of(), CacheInstrumenterTest.drain(), "nothing recorded");
        return before - after;
    }

    private static int threadCountdown() {
        return CacheProbe.countdown(GATE_ONLY);
    }

    private void call(String method, int n) throws Exception {
        instrumented.getMethod(method, int.class).invoke(fixture, n);
    }
}
