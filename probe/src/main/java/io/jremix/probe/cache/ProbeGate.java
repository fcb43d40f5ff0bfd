package io.jremix.probe.cache;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * The on/off switch of every probe. It is a {@link MutableCallSite} constant: compiled code folds it, so a probe
 * costs nothing while the gate is off, and flipping it deoptimizes the code that depends on it. That also silences
 * probes left in methods that were still running when their class was restored.
 *
 * <p>Each class's probes also have a switch of their own ({@link ClassSwitch}), which the window shuts when the
 * class shows no contention, so that its code runs at full speed while other classes are still traced. A probe
 * finds its class's switch by its site id in a {@link Stable} table, which C2 folds like the gate: a site is
 * given its switch as its class is instrumented, before the class's new code runs.
 */
public final class ProbeGate {
    /** Sites that can have a switch of their own (the table takes 512 KB with compressed references); later ones follow the gate alone. */
    static final int SWITCHED_SITES = 1 << 17;
    private static final MutableCallSite SWITCH = new MutableCallSite(MethodHandles.constant(boolean.class, false));
    private static final MethodHandle IS_ON = SWITCH.dynamicInvoker();
    @Stable
    private static final MethodHandle[] SITE_SWITCHES = new MethodHandle[SWITCHED_SITES];

    private ProbeGate() {
    }

    @ForceInline
    static boolean isOn() {
        return read(IS_ON);
    }

    /** Whether the probe at {@code site} is on: the gate open and its class's switch too. */
    @ForceInline
    static boolean isOn(int site) {
        return read(IS_ON) && (site < 0 || site >= SWITCHED_SITES || SITE_SWITCHES[site] == null
                || read(SITE_SWITCHES[site]));
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

    /**
     * Gives {@code site} the switch of its class; once given, a site keeps it (compiled code has folded it). Sites
     * past {@link #SWITCHED_SITES} have none.
     */
    public static void assign(int site, ClassSwitch s) {
        if (site >= 0 && site < SWITCHED_SITES && SITE_SWITCHES[site] == null) {
            SITE_SWITCHES[site] = s.isOn;
        }
    }

    /** The switch of one class's probes: on until shut; shutting it deoptimizes the code that folded it. */
    public static final class ClassSwitch {
        private final MutableCallSite on = new MutableCallSite(MethodHandles.constant(boolean.class, true));
        private final MethodHandle isOn = on.dynamicInvoker();

        public boolean isOn() {
            return read(on.getTarget());
        }

        public void set(boolean value) {
            synchronized (ProbeGate.class) {
                if (isOn() != value) {
                    on.setTarget(MethodHandles.constant(boolean.class, value));
                    MutableCallSite.syncAll(new MutableCallSite[] {on});
                }
            }
        }
    }
}
