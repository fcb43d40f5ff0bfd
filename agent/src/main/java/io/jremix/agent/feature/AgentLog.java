package io.jremix.agent.feature;

import java.io.PrintStream;

/**
 * jremix's lines on stderr. The stream is captured when the agent starts, so that a program replacing
 * {@code System.err} neither hides nor receives them.
 */
public final class AgentLog {
    private final PrintStream err;
    private final String prefix;
    private final boolean verbose;
    private final boolean debug;

    public AgentLog(PrintStream err, String prefix, boolean verbose, boolean debug) {
        this.err = err;
        this.prefix = prefix;
        this.verbose = verbose || debug;
        this.debug = debug;
    }

    /** Always printed: reports and warnings. */
    public void info(String line) {
        err.println(prefix + line);
    }

    /** Printed with the verbose option. */
    public void verbose(String line) {
        if (verbose) {
            info(line);
        }
    }

    /** Printed with the debug option. */
    public void debug(String line) {
        if (debug) {
            info(line);
        }
    }
}
