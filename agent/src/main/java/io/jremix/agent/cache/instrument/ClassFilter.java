package io.jremix.agent.cache.instrument;

import java.util.Set;

import io.jremix.core.ClassNames;
import io.jremix.core.CodeOwner;

/**
 * Which classes get probes: the program's classes of every class loader, whatever their package, and the JDK
 * classes whose own accesses stand for what the program asks of them: the {@code java.util.concurrent.atomic}
 * classes (LongAdder's {@code Striped64} cells among them), and the code of ConcurrentHashMap (its counter cells),
 * ForkJoinPool (its work queues) and Exchanger, whose contended fields only their own code touches. jremix itself,
 * the JDK's other classes (by their loader and module, {@link CodeOwner}), and generated lambda and proxy classes
 * are left alone.
 */
public final class ClassFilter {
    private static final String ATOMICS = "java/util/concurrent/atomic/";
    /**
     * Their nested classes that hold the contended fields have no code of their own (ConcurrentHashMap's
     * {@code CounterCell}, Exchanger's nodes and slots), but for ForkJoinPool's work queue.
     */
    private static final Set<String> CONCURRENT = Set.of("java/util/concurrent/ConcurrentHashMap",
            "java/util/concurrent/ForkJoinPool", "java/util/concurrent/ForkJoinPool$WorkQueue",
            "java/util/concurrent/Exchanger");

    private ClassFilter() {
    }

    /**
     * @param loader the defining loader, {@code null} for the boot loader
     * @param module the class's module, {@code null} for an unnamed one
     */
    static boolean eligible(ClassLoader loader, Module module, String internalName) {
        return internalName != null && eligible(internalName, CodeOwner.isJdk(loader, module));
    }

    /** The same rule once whether the class is the JDK's is known, by its loader and module or by its package. */
    public static boolean eligible(String internalName, boolean jdk) {
        return internalName.startsWith(ATOMICS) || (jdk ? CONCURRENT.contains(internalName)
                : !ClassNames.isGenerated(internalName) && !ClassNames.isJremixRuntime(internalName));
    }
}
