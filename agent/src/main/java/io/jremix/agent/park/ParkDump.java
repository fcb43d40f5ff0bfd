package io.jremix.agent.park;

import java.nio.file.Path;

/**
 * The agent's side of {@code bin/jremix dump <pid> [FILE]} (the cli's DumpCommand): the client loads the dump agent into
 * the program with the argument {@code dump} or {@code dump=FILE}, and the agent's {@code agentmain} answers it with
 * {@link ParkProfiler#dump}.
 */
public final class ParkDump {
    private static final String REQUEST = "dump";

    private ParkDump() {
    }

    /** Whether the agent argument string is a dump request. */
    public static boolean isRequest(String agentArgs) {
        return agentArgs != null && (agentArgs.equals(REQUEST) || agentArgs.startsWith(REQUEST + "="));
    }

    /** The file a dump request names, or {@code null}. */
    public static Path requestedFile(String agentArgs) {
        return agentArgs.length() > REQUEST.length() ? Path.of(agentArgs.substring(REQUEST.length() + 1)) : null;
    }
}
