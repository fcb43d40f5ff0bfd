package io.jremix.agent.park;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;

import io.jremix.agent.AgentLog;
import io.jremix.agent.Feature;
import io.jremix.options.Values;

/** Park-contention profiling ({@code -XXgetparkcontention}) as a {@link Feature}. */
public final class ParkFeature implements Feature<ParkOptions> {
    @Override
    public String name() {
        return "park profiling";
    }

    @Override
    public ParkOptions options(Values values) {
        return ParkOptions.from(values);
    }

    @Override
    public AgentLog log(PrintStream err, ParkOptions options) {
        return new AgentLog(err, "PARK: ", false, false);
    }

    @Override
    public void start(Instrumentation inst, ParkOptions options, AgentLog log) {
        ParkProfiler.start(inst, options, log);
    }

    /** Attach starts it (until {@code stop}); whether another runs already is the attach session's to say. */
    @Override
    public String attachRefusal(ParkOptions options) {
        return null;
    }
}
