package io.jremix.cli.command;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import io.jremix.cli.Installation;
import io.jremix.cli.LaunchException;

/**
 * {@code bin/jremix attach <pid> ...}: profiles a running JVM through the Attach API. The launch plan runs it with
 * {@code -Djremix.home}; every failure is one line on stderr and exit code 2.
 */
public final class AttachCommand {
    static final int FAILED = 2;
    static final String USAGE = String.join("\n",
            "Usage: bin/jremix attach <pid> <jremix options>   start in a running JVM what the options ask:",
            "         -remix:detect [-XX:REMIX... options]     one detection window, then the REMIX report here;",
            "           with -XX:REMIXRearm=<s> -XX:REMIXReport=<file>, windows until 'stop', each rewriting file",
            "         -XXgetparkcontention[:sub-options]     park and monitor profiling, until 'stop'",
            "       bin/jremix attach <pid> status            what jremix is doing in that JVM now",
            "       bin/jremix attach <pid> dump [<file>]     the park report now (JSON to file)",
            "       bin/jremix attach <pid> stop [<file>]     the last park report, then the original LockSupport;",
            "                                                 the re-armed windows' last report, then the original classes",
            "A JVM of the same user, Java 17 or later. Files are named relative to this directory.");

    private AttachCommand() {
    }

    public static void main(String[] args) {
        Installation installation = Installation.at(Path.of(System.getProperty("jremix.home", ".")));
        System.exit(run(List.of(args), installation, System.out, System.err));
    }

    static int run(List<String> args, Installation installation, PrintStream out, PrintStream err) {
        if (args.size() == 1 && List.of("-h", "-help", "--help", "-?").contains(args.get(0))) {
            out.println(USAGE);
            return 0;
        }
        AttachCommandLine command;
        try {
            command = AttachCommandLine.parse(args);
        } catch (LaunchException e) {
            err.println("jremix: error: " + e.getMessage());
            return FAILED;
        }
        try (AttachedJvm jvm = AttachedJvm.attach(command.pid())) {
            return command.status() ? jvm.printStatus(out) : jvm.send(command, installation, out, err);
        } catch (LaunchException e) {
            err.println("jremix: error: " + e.getMessage());
            return FAILED;
        }
    }
}
