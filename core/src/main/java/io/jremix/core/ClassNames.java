package io.jremix.core;

import java.util.List;

/**
 * Whose code a class is, by name: the JDK's, jremix's own runtime (as opposed to its workloads), or the program's.
 * Names may be internal ({@code java/util/List}) or binary ({@code java.util.List}).
 */
public final class ClassNames {
    private static final List<String> JDK = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/");
    /** jremix's code that runs inside the program: the agent, the probes and what they share. */
    private static final List<String> JREMIX_RUNTIME = List.of("io/jremix/agent/", "io/jremix/probe/",
            "io/jremix/core/", "io/jremix/report/");

    private ClassNames() {
    }

    public static boolean isJdk(String name) {
        return startsWithAny(name.replace('.', '/'), JDK);
    }

    public static boolean isJremixRuntime(String name) {
        return startsWithAny(name.replace('.', '/'), JREMIX_RUNTIME);
    }

    public static boolean startsWithAny(String s, List<String> prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
