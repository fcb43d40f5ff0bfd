package io.jremix.agent.cache;

/**
 * Which classes get probes: application classes of every class loader, and the JDK's
 * {@code java.util.concurrent.atomic} classes, whose own accesses stand for the atomics the program uses.
 * jremix itself, other JDK classes, and generated lambda and proxy classes are left alone.
 */
final class ClassFilter {
    private static final String ATOMICS = "java/util/concurrent/atomic/";
    private static final String[] JDK_PREFIXES = {"java/", "javax/", "jdk/", "sun/", "com/sun/"};
    private static final String[] JREMIX_PREFIXES = {"io/jremix/agent/", "io/jremix/probe/", "io/jremix/core/",
        "io/jremix/report/"};

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
        return !startsWithAny(internalName, JDK_PREFIXES) && !startsWithAny(internalName, JREMIX_PREFIXES);
    }

    /** Whether the class belongs to the JDK (counted apart in the report). */
    static boolean isJdk(String internalName) {
        return startsWithAny(internalName, JDK_PREFIXES);
    }

    private static boolean startsWithAny(String s, String[] prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
