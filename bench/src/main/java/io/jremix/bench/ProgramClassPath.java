package io.jremix.bench;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The class path of a program a benchmark starts: the harness's own, without the jremix modules that the agent jar
 * carries ({@code jremix-core}, {@code jremix-report}). The harness needs them from {@code bench/target/lib}; a
 * program on that class path would load those copies before the agent's, which {@code -javaagent} appends after
 * it, so a run under jremix would profile with classes the agent was not built with.
 */
public final class ProgramClassPath {
    private static final String[] AGENT_MODULES = {"jremix-core-", "jremix-report-"};

    private ProgramClassPath() {
    }

    /** The harness's class path ({@code java.class.path}) as a program's. */
    public static String ofHarness() {
        return of(System.getProperty("java.class.path"));
    }

    static String of(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !isAgentModule(entry))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static boolean isAgentModule(String entry) {
        Path name = Path.of(entry).getFileName();
        return name != null && Arrays.stream(AGENT_MODULES).anyMatch(m -> name.toString().startsWith(m)
                && name.toString().endsWith(".jar"));
    }
}
