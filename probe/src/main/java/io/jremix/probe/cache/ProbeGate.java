package io.jremix.probe.cache;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import jdk.internal.vm.annotation.ForceInline;

/**
 * The on/off switch of every probe. It is a {@link MutableCallSite} constant: compiled code folds it, so a probe
 * costs nothing while the gate is off, and flipping it deoptimizes the code that depends on it. That also silences
 * probes left in methods that were still running when their class was restored.
 */
public final class ProbeGate {
    private static final MutableCallSite SWITCH = new MutableCallSite(MethodHandles.constant(boolean.class, false));
    private static final MethodHandle IS_ON = SWITCH.dynamicInvoker();

    private ProbeGate() {
    }

    @ForceInline
    static boolean isOn() {
        return read(IS_ON);
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
    }

    /** Opens or closes the gate for every probe in the JVM; a change deoptimises the compiled code that folded it. */
    public static synchronized void set(boolean on) {
        if (read(SWITCH.getTarget()) != on) {
            SWITCH.setTarget(MethodHandles.constant(boolean.class, on));
            MutableCallSite.syncAll(new MutableCallSite[] {SWITCH});
        }
    }
}
