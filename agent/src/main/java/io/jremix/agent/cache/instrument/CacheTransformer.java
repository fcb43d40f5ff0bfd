package io.jremix.agent.cache.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

import io.jremix.agent.feature.AgentLog;
import io.jremix.core.CodeOwner;

/**
 * Inserts probes while a detection window is open. When the window closes, retransformation calls it again, it
 * answers "unchanged", and the JVM goes back to the class's original bytecode. A class it cannot instrument is left
 * as it was and counted.
 */
public final class CacheTransformer implements ClassFileTransformer {
    private static final int MAX_SKIPPED_NAMES = 100;

    private final CacheInstrumenter instrumenter;
    private final AgentLog log;
    private volatile boolean armed;
    /** Instrumented classes by loader; the boot loader's are under the key {@code null}. */
    private final Map<ClassLoader, Set<String>> instrumented = new WeakHashMap<>();
    /** Classes counted, by loader and name: a class transformed again in a later window is counted once. */
    private final Set<String> counted = new HashSet<>();
    private int classes;
    private final List<String> skippedNames = new ArrayList<>();
    private int skipped;
    private int jdkClasses;
    private long probes;
    private int notDuplicated;
    private int tooLarge;

    public CacheTransformer(CacheInstrumenter instrumenter, AgentLog log) {
        this.instrumenter = instrumenter;
        this.log = log;
    }

    public void arm(boolean on) {
        armed = on;
    }

    /** Never throws: whatever fails, the class is left as it was, counted, and named with the debug option. */
    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classfile) {
        try {
            return instrumentIfArmed(module, loader, className, classfile);
        } catch (Throwable t) {
            skip(String.valueOf(className).replace('/', '.'), t.toString());
            return null;
        }
    }

    private byte[] instrumentIfArmed(Module module, ClassLoader loader, String className, byte[] classfile) {
        if (!ClassFilter.eligible(loader, module, className)) {
            return null;
        }
        if (!armed) {
            forget(loader, className);
            return null; // a class being retransformed goes back to its original bytecode
        }
        CacheInstrumenter.Result r = instrumenter.instrument(classfile, loader);
        if (r == null) {
            return null;
        }
        remember(loader, module, className, r);
        if (r.classfile() == null) {
            log.debug("left " + className.replace('/', '.') + " as it was: " + r.tooLarge()
                    + " methods too large once probed");
            return null;
        }
        log.debug("instrumented " + className.replace('/', '.') + " (" + r.probes() + " probes"
                + (r.notDuplicated() > 0 ? ", " + r.notDuplicated() + " methods probed on every access" : "")
                + (r.unshared() > 0 ? ", " + r.unshared() + " accesses to objects that stay in their method left out" : "")
                + (r.folded() > 0 ? ", " + r.folded() + " reads compiled code does not make left out" : "")
                + (r.tooLarge() > 0 ? ", " + r.tooLarge() + " methods left out, too large once probed" : "")
                + ")");
        return r.classfile();
    }

    private synchronized void remember(ClassLoader loader, Module module, String className, CacheInstrumenter.Result r) {
        boolean probed = r.classfile() != null;
        if (probed) {
            instrumented.computeIfAbsent(loader, l -> new HashSet<>()).add(className);
        }
        if (counted.add(System.identityHashCode(loader) + "/" + className)) {
            tooLarge += r.tooLarge();
            if (probed) {
                classes++;
                probes += r.probes();
                notDuplicated += r.notDuplicated();
                if (CodeOwner.isJdk(loader, module)) {
                    jdkClasses++;
                }
            }
        }
    }

    private synchronized void forget(ClassLoader loader, String className) {
        Set<String> names = instrumented.get(loader);
        if (names != null) {
            names.remove(className);
        }
    }

    /** Whether the class carries probes now. */
    public synchronized boolean carriesProbes(Class<?> c) {
        Set<String> names = instrumented.get(c.getClassLoader());
        return names != null && names.contains(c.getName().replace('.', '/'));
    }

    /** Records a class left uninstrumented, naming it with the debug option. */
    public synchronized void skip(String className, String reason) {
        skipped++;
        if (skippedNames.size() < MAX_SKIPPED_NAMES) {
            skippedNames.add(className + ": " + reason);
        }
        log.debug("skipped " + className + ": " + reason);
    }

    /** Loaded classes that carry probes now. */
    public List<Class<?>> instrumentedLoaded(Instrumentation inst) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (carriesProbes(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** Loaded classes that a window opening now should instrument. */
    public static List<Class<?>> eligibleLoaded(Instrumentation inst) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (!c.isArray() && !c.isPrimitive() && !c.isHidden() && inst.isModifiableClass(c)
                    && ClassFilter.eligible(c.getClassLoader(), c.getModule(), c.getName().replace('.', '/'))) {
                out.add(c);
            }
        }
        return out;
    }

    public synchronized int classes() {
        return classes;
    }

    public synchronized int jdkClasses() {
        return jdkClasses;
    }

    public synchronized long probes() {
        return probes;
    }

    /** Probed methods that could not keep a copy of their own code for between bursts: probed on every access. */
    public synchronized int notDuplicated() {
        return notDuplicated;
    }

    /** Methods left without probes because probes would have made them too large to compile (or to load). */
    public synchronized int tooLarge() {
        return tooLarge;
    }

    public synchronized int skipped() {
        return skipped;
    }

    public synchronized List<String> skippedNames() {
        return List.copyOf(skippedNames);
    }
}
