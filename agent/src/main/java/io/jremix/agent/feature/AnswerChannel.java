package io.jremix.agent.feature;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The lines an attach command sends back to the attaching terminal: appended to a file the attach client made and
 * reads as it grows, so that the program's own stdout and stderr receive nothing. The last line says the command
 * is over, with its exit code.
 */
public final class AnswerChannel {
    /** The exit code of a command that failed. */
    public static final int FAILED = 2;
    /** Starts the last line; the attach client reads the exit code after it. */
    private static final String END = "jremix-attach-end ";

    private final PrintStream out;

    private AnswerChannel(PrintStream out) {
        this.out = out;
    }

    public static AnswerChannel open(Path file) throws IOException {
        return new AnswerChannel(new PrintStream(new FileOutputStream(file.toFile(), true), true,
                StandardCharsets.UTF_8));
    }

    public PrintStream stream() {
        return out;
    }

    /** Ends the command: the client prints what came before and exits with {@code code}. */
    public void end(int code) {
        out.println(END + code);
        out.close();
    }

    /** One line, then the end with exit code {@link #FAILED}. */
    public void fail(String line) {
        out.println("jremix: error: " + line);
        end(FAILED);
    }
}
