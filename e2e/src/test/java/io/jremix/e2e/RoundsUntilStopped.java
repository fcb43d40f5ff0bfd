package io.jremix.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Runs a workload's {@code main} again and again until a {@code stop} line arrives on stdin, so that the test, not
 * the speed of the machine, decides whether the program is still running when something happens in the agent.
 *
 * <p>Args: {@code <workload class> [workload args...]}
 */
public final class RoundsUntilStopped {
    private static volatile boolean stopped;

    private RoundsUntilStopped() {
    }

    public static void main(String[] args) throws Exception {
        Method workload = Class.forName(args[0]).getMethod("main", String[].class);
        String[] workloadArgs = Arrays.copyOfRange(args, 1, args.length);
        Thread reader = new Thread(RoundsUntilStopped::awaitStop, "stop-signal");
        reader.setDaemon(true);
        reader.start();
        do {
            workload.invoke(null, (Object) workloadArgs);
        } while (!stopped);
    }

    private static void awaitStop() {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.trim().equals("stop")) {
                    stopped = true;
                    return;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("stdin", e);
        }
    }
}
