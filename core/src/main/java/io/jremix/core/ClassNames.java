package io.jremix.core;

import java.util.List;

/**
 * What a class's name alone tells: whether it is jremix's own runtime (as opposed to its workloads), or a class the
 * JVM generates (lambdas, proxies). Whether code is the JDK's is decided by who defined it, see {@link CodeOwner}.
 * Names may be internal ({@code java/util/List}) or binary ({@code java.util.List}).
 */
public final class ClassNames {
    /** jremix's code that runs inside the program: the agent, the probes and what they share. */
    private static final List<String> JREMIX_RUNTIME = List.of("io/jremix/agent/", "io/jremix/probe/",
            "io/jremix/core/", "io/jremix/report/", "io/jremix/options/");

    private ClassNames() {
    }

    public static boolean isJremixRuntime(String name) {
        return startsWithAny(name.replace('.', '/'), JREMIX_RUNTIME);
    }

    /**
     * A class the JVM generates in the program's loader, which only forwards to other code: a lambda's
     * ({@code Foo$$Lambda...}) or a proxy in a {@code jdk.proxyN} module.
     */
    public static boolean isGenerated(String name) {
        String internal = name.replace('.', '/');
        return internal.contains("$$Lambda") || internal.startsWith("jdk/proxy");
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
