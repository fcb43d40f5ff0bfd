package io.jremix.agent.feature;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

import io.jremix.probe.cache.CacheProbe;

/**
 * Opens what the probes need in java.base: its instrumented atomic classes must read the boot class path's
 * unnamed module (where the probes live), and the probes need {@code jdk.internal.misc.Unsafe}.
 * Done through {@link Instrumentation#redefineModule}, so the user adds no {@code --add-exports}.
 */
public final class ModuleAccess {
    private ModuleAccess() {
    }

    public static void open(Instrumentation inst) {
        Module base = Object.class.getModule();
        Module probes = CacheProbe.class.getModule();
        inst.redefineModule(base, Set.of(probes), Map.of("jdk.internal.misc", Set.of(probes)), Map.of(), Set.of(),
                Map.of());
    }

    /** Opens {@code pkg} of the JDK's {@code module} to the agent's own classes, for reflection on its internals. */
    public static void openToAgent(Instrumentation inst, Module module, String pkg) {
        inst.redefineModule(module, Set.of(), Map.of(), Map.of(pkg, Set.of(ModuleAccess.class.getModule())),
                Set.of(), Map.of());
    }
}
