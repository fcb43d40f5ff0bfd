package io.jremix.agent.attach;

import java.nio.file.Path;

/**
 * What {@code bin/jremix attach} asks of the agent it loads: the agent argument is four lines, a marker, the
 * command ({@code start}, {@code dump} or {@code stop}), the channel file, and for {@code start} the jremix options
 * as {@code -javaagent} takes them (for {@code dump} and {@code stop}, the JSON file or nothing).
 *
 * @param argument the options for {@code start}, the report file (or empty) for {@code dump} and {@code stop}
 */
public record AttachRequest(String command, Path channel, String argument) {
    private static final String MARKER = "jremix-attach";

    public static boolean isRequest(String agentArgs) {
        return agentArgs != null && agentArgs.startsWith(MARKER + "\n");
    }

    public static AttachRequest parse(String agentArgs) {
        String[] lines = agentArgs.split("\n", 4);
        return new AttachRequest(lines[1], Path.of(lines[2]), lines.length > 3 ? lines[3] : "");
    }

    /** The report file of a {@code dump} or {@code stop}, or {@code null}. */
    Path reportFile() {
        return argument.isEmpty() ? null : Path.of(argument);
    }
}
