package io.jremix.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code bin/jremix --version} and {@code -version}: jremix's version on a line of its own, then what java prints for
 * the same option (on stdout for {@code --version}, on stderr for {@code -version}, as java does), with java's exit
 * status.
 */
public final class VersionCommand {
    private VersionCommand() {
    }

    /** jremix's version, as the cli jar's manifest gives it; {@code dev} when run from classes. */
    public static String current() {
        String v = VersionCommand.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String option = args[0];
        PrintStream out = option.equals("-version") ? System.err : System.out;
        out.println("jremix " + current());
        out.flush();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        System.exit(new ProcessBuilder(java, option).inheritIO().start().waitFor());
    }
}
