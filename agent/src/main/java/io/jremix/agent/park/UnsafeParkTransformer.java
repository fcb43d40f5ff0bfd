package io.jremix.agent.park;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives the JDK classes that call {@code Unsafe.park} directly ({@link UnsafeParkCalls#CALLERS}) their park hooks,
 * those already loaded by retransforming them and the others as they load. A class whose rewrite fails keeps its
 * bytecode; its name and the reason are kept for the one-line message.
 */
final class UnsafeParkTransformer implements ClassFileTransformer {
    private final List<String> failures = new ArrayList<>();

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] classfile) {
        if (loader != null || className == null || !UnsafeParkCalls.CALLERS.contains(className)) {
            return null;
        }
        try {
            return UnsafeParkCalls.rewrite(classfile);
        } catch (Throwable t) {
            failed(className, t);
            return null;
        }
    }

    /**
     * Starts rewriting: lets {@code sun.misc.Unsafe}'s module (if the runtime has it) read the hooks, registers this
     * transformer and retransforms the callers loaded already. Returns what could not be rewritten, in words, or
     * {@code null}.
     */
    String install(Instrumentation inst, Module hooks) {
        ModuleLayer.boot().findModule("jdk.unsupported").ifPresent(unsupported ->
                inst.redefineModule(unsupported, Set.of(hooks), Map.of(), Map.of(), Set.of(), Map.of()));
        inst.addTransformer(this, true);
        retransformLoaded(inst);
        synchronized (failures) {
            return failures.isEmpty() ? null : String.join("; ", failures);
        }
    }

    /** Stops rewriting: the callers loaded already go back to their original bytecode. */
    void uninstall(Instrumentation inst) {
        inst.removeTransformer(this);
        retransformLoaded(inst);
    }

    private void retransformLoaded(Instrumentation inst) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            String name = c.getName().replace('.', '/');
            if (c.getClassLoader() == null && UnsafeParkCalls.CALLERS.contains(name)) {
                try {
                    inst.retransformClasses(c);
                } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                    failed(name, e);
                }
            }
        }
    }

    private void failed(String className, Throwable t) {
        synchronized (failures) {
            failures.add(className.replace('/', '.') + ": " + t);
        }
    }
}
