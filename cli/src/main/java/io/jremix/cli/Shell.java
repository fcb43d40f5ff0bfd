package io.jremix.cli;

import java.util.List;

/** Writes the java command's arguments in the syntax of the shell script that runs them. */
interface Shell {
    /** The arguments as one line that the script puts after {@code java}. */
    String render(List<Word> command) throws LaunchException;

    /** {@code cmd} for bin/jremix.cmd, else POSIX sh for bin/jremix. */
    static Shell named(String name) {
        return "cmd".equals(name) ? new CmdShell() : new PosixShell();
    }
}
