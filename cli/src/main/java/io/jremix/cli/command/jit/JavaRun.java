package io.jremix.cli.command.jit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the program on the JDK jremix runs on, with jremix's JVM options first, its stdin/stdout/stderr its own. */
final class JavaRun {
    private JavaRun() {
    }

    /**
     * Runs {@code java <jvmOptions> <javaArgs>}; the program's own options come last so that they win.
     *
     * @param libraryPath a directory to put first on {@code LD_LIBRARY_PATH}, or null
     * @return the program's exit code
     */
    static int run(List<String> jvmOptions, List<String> javaArgs, Path libraryPath) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(javaArgs);
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        if (libraryPath != null) {
            String old = pb.environment().get("LD_LIBRARY_PATH");
            pb.environment().put("LD_LIBRARY_PATH", libraryPath + (old == null || old.isEmpty() ? "" : ":" + old));
        }
        return pb.start().waitFor();
    }
}
