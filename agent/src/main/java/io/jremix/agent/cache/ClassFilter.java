package io.jremix.agent.cache;

import io.jremix.core.ClassNames;

/**
 * Which classes get probes: application classes of every class loader, and the JDK's
 * {@code java.util.concurrent.atomic} classes, whose own accesses stand for the atomics the program uses.
 * jremix itself, other JDK classes, and generated lambda and proxy classes are left alone.
 */
final class ClassFilter {
    private static final String ATOMICS = "java/util/concurrent/atomic/";

    private ClassFilter() {
    }

    static boolean eligible(ClassLoader loader, String internalName) {
        if (internalName == null) {
            return false;
        }
        if (internalName.startsWith(ATOMICS)) {
            return true;
        }
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()
                || internalName.contains("$$Lambda") || internalName.startsWith("jdk/proxy")) {
            return false;
        }
        return !ClassNames.isJdk(internalName) && !ClassNames.isJremixRuntime(internalName);
    }
}
