package io.jremix.agent.cache;

import io.jremix.core.ClassNames;
import io.jremix.core.CodeOwner;

/**
 * Which classes get probes: the program's classes of every class loader, whatever their package, and the JDK's
 * {@code java.util.concurrent.atomic} classes, whose own accesses stand for the atomics the program uses. jremix
 * itself, the JDK's other classes (by their loader and module, {@link CodeOwner}), and generated lambda and proxy
 * classes are left alone.
 */
final class ClassFilter {
    private static final String ATOMICS = "java/util/concurrent/atomic/";

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
    static boolean eligible(String internalName, boolean jdk) {
        return internalName.startsWith(ATOMICS)
                || (!jdk && !ClassNames.isGenerated(internalName) && !ClassNames.isJremixRuntime(internalName));
    }
}
