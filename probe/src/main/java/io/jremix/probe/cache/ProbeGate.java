package io.jremix.probe.cache;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import jdk.internal.vm.annotation.ForceInline;

/**
 * The on/off switch every probe checks first, and whether tracing comes in bursts. Both are {@link MutableCallSite}
 * constants: compiled code folds them, so a probe costs nothing while the gate is off, and flipping one
 * deoptimizes the code that depends on it. That also silences probes left in methods that were still running when
 * their class was restored. Without bursts, probes skip the burst flag altogether.
 */
public final class ProbeGate {
    private static final MutableCallSite SWITCH = new MutableCallSite(MethodHandles.constant(boolean.class, false));
    private static final MethodHandle IS_ON = SWITCH.dynamicInvoker();
    private static final MutableCallSite BURSTS = new MutableCallSite(MethodHandles.constant(boolean.class, false));
    private static final MethodHandle IN_BURSTS = BURSTS.dynamicInvoker();

    private ProbeGate() {
    }

    @ForceInline
    static boolean isOn() {
        return read(IS_ON);
    }

    /** Whether tracing comes in bursts ({@link CacheProbe#traceUntil}) rather than all the time the gate is open. */
    @ForceInline
    static boolean inBursts() {
        return read(IN_BURSTS);
    }

    @ForceInline
    private static boolean read(MethodHandle constant) {
        try {
            return (boolean) constant.invokeExact();
        } catch (Throwable t) {
            return false;
        }
    }

    /**
     * Links {@link #isOn}'s {@code invokeExact} before any class carries a probe. Linking runs JDK code, the atomics
     * among it; once those carry probes, an unlinked isOn would call itself back while linking, until the stack
     * overflowed under the program's feet (and under a class load, where the JVM prints an assertion on stderr).
     */
    public static void link() {
        isOn();
        inBursts();
    }

    /** Opens or closes the gate for every probe in the JVM. */
    public static void set(boolean on) {
        flip(SWITCH, on);
    }

    /** Makes probes check the burst flag, or not; set before the gate first opens. */
    public static void bursts(boolean on) {
        flip(BURSTS, on);
    }

    private static synchronized void flip(MutableCallSite site, boolean on) {
        site.setTarget(MethodHandles.constant(boolean.class, on));
        MutableCallSite.syncAll(new MutableCallSite[] {site});
    }
}
