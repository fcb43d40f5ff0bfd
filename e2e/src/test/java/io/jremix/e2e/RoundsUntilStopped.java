package io.jremix.e2e;

import java.lang.reflect.Method;
import java.util.Arrays;

import io.jremix.workloads.park.StopSignal;

/**
 * Runs a workload's {@code main} again and again until a {@code stop} line arrives on stdin ({@link StopSignal}),
 * so that the test, not the speed of the machine, decides whether the program is still running when something
 * happens in the agent.
 *
 * <p>Args: {@code <workload class> [workload args...]}
 */
public final class RoundsUntilStopped {
    private RoundsUntilStopped() {
    }

    public static void main(String[] args) throws Exception {
        Method workload = Class.forName(args[0]).getMethod("main", String[].class);
        String[] workloadArgs = Arrays.copyOfRange(args, 1, args.length);
        StopSignal stop = StopSignal.onStdin();
        do {
            workload.invoke(null, (Object) workloadArgs);
        } while (!stop.requested());
    }
}
