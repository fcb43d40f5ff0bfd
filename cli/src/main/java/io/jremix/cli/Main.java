package io.jremix.cli;

import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;

/**
 * The launch plan: prints the arguments of the {@code java} command that runs what jremix was asked, for the
 * script named by {@code -Djremix.shell} (POSIX sh unless {@code cmd}) to run; {@code -Djremix.home} is the jremix
 * directory. A command line jremix cannot run prints one line on stderr and exits with code 2, before anything runs.
 */
public final class Main {
    public static final int BAD_COMMAND_LINE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        Installation installation = Installation.at(Path.of(System.getProperty("jremix.home", ".")));
        LaunchPlan plan = new LaunchPlan(installation, Runtime.version().feature(), ArgFile::read);
        try {
            String line = Shell.named(System.getProperty("jremix.shell")).render(plan.command(List.of(args)));
            // in the charset java decoded the arguments with, so that the script reads back the same bytes
            PrintStream out = new PrintStream(System.out, false, Charset.forName(System.getProperty("sun.jnu.encoding",
                    Charset.defaultCharset().name())));
            out.println(line);
            out.flush();
        } catch (LaunchException e) {
            System.err.println("jremix: error: " + e.getMessage());
            System.exit(BAD_COMMAND_LINE);
        }
    }
}
