package io.jremix.probe.cache;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * The on/off switch of every probe, and one per class. Each is a {@link MutableCallSite} whose target the probes
 * compare with {@link #ON} rather than invoke: HotSpot's compilers take the target of a constant call site for a
 * constant, recording a dependency, so a shut switch removes the probe from compiled code and flipping one
 * deoptimizes the code that folded it; and no method handle runs for it, in any tier. (Invoked, a switch costs a
 * chain of lambda forms wherever the handle is not folded: in C1's code, which profiles a method before C2 compiles
 * it, a single-threaded loop of probed accesses ran 102 times slower than plain {@code java}, against 5.2 times
 * compared; bench/results/probe-tiers.md.)
 *
 * <p>A class's switch ({@link ClassSwitch}) is shut by the window when the class shows no contention, so that its
 * code runs at full speed while other classes are still traced. A probe finds it by its site id in a {@link Stable}
 * table, which the compilers fold: a site is given its switch as its class is instrumented, before the class's new
 * code runs. Nothing is tested before the switches: a plain field tested first (a mirror, cheaper than a call in the
 * interpreter) stayed in C2's code of a loop with a volatile read once the gate had shut, and SeparateLines' rounds
 * after a window took 520–1250 ms against 300.
 */
public final class ProbeGate {
    /** Sites that can have a switch of their own (the table takes 512 KB with compressed references); later ones follow the gate alone. */
    static final int SWITCHED_SITES = 1 << 17;
    private static final MethodHandle ON = MethodHandles.constant(boolean.class, true);
    private static final MethodHandle OFF = MethodHandles.constant(boolean.class, false);
    private static final MutableCallSite SWITCH = new MutableCallSite(OFF);
    @Stable
    private static final ClassSwitch[] SITE_SWITCHES = new ClassSwitch[SWITCHED_SITES];

    private ProbeGate() {
    }

    /** Whether the gate is open. */
    @ForceInline
    static boolean isOn() {
        return isOn(SWITCH);
    }

    /** Whether the probe at {@code site} is on: the gate open and its class's switch too (or none of its own). */
    @ForceInline
    static boolean isOn(int site) {
        ClassSwitch s = site >= 0 && site < SWITCHED_SITES ? SITE_SWITCHES[site] : null;
        return isOn() && (s == null || isOn(s.on));
    }

    /** Makes the gate's constants before any class carries a probe: making them runs JDK code, the atomics among it. */
    public static void link() {
        isOn();
    }

    /** Opens or closes the gate for every probe in the JVM; a change deoptimises the compiled code that folded it. */
    public static synchronized void set(boolean on) {
        flip(SWITCH, on);
    }

    /** Whether {@code site} is on: its target compared, not invoked, so that every compiler folds it. */
    @ForceInline
    private static boolean isOn(MutableCallSite site) {
        return site.getTarget() == ON;
    }

    private static void flip(MutableCallSite site, boolean on) {
        if (isOn(site) != on) {
            site.setTarget(on ? ON : OFF);
            MutableCallSite.syncAll(new MutableCallSite[] {site});
        }
    }

    /**
     * Gives {@code site} the switch of its class; once given, a site keeps it (compiled code has folded it). Sites
     * past {@link #SWITCHED_SITES} have none.
     */
    public static void assign(int site, ClassSwitch s) {
        if (site >= 0 && site < SWITCHED_SITES && SITE_SWITCHES[site] == null) {
            SITE_SWITCHES[site] = s;
        }
    }

    /** The switch of one class's probes: on until shut; shutting it deoptimizes the code that folded it. */
    public static final class ClassSwitch {
        @Stable
        private final MutableCallSite on = new MutableCallSite(ON);

        public boolean isOn() {
            return ProbeGate.isOn(on);
        }

        public void set(boolean value) {
            synchronized (ProbeGate.class) {
                flip(on, value);
            }
        }
    }
}
