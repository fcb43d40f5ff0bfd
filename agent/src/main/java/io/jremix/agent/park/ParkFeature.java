package io.jremix.agent.park;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.Feature;
import io.jremix.options.Output;
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

    /** Attach starts it until {@code stop}, unless one runs already. */
    @Override
    public String attachRefusal(ParkOptions options) {
        return AttachedProfiler.running()
                ? "park profiling already runs in this program; 'bin/jremix attach <pid> dump' prints its report"
                : null;
    }

    @Override
    public Handled attach(Instrumentation inst, ParkOptions options, List<Output> outputs, AnswerChannel answer) {
        return AttachedProfiler.start(inst, options, outputs, answer) ? Handled.DONE : Handled.NOTHING;
    }

    @Override
    public boolean dump(Path file, AnswerChannel answer) {
        return AttachedProfiler.dump(file, answer);
    }

    @Override
    public Handled stop(Path file, AnswerChannel answer) {
        return AttachedProfiler.stop(file, answer) ? Handled.DONE : Handled.NOTHING;
    }

    @Override
    public String idle(String command) {
        if (command.equals("dump")) {
            return "park profiling is not running in this program; start it with 'bin/jremix attach <pid>"
                    + " -XXgetparkcontention'";
        }
        return AttachedProfiler.running()
                ? "park profiling was started with this program, not attached: it reports at exit"
                : null;
    }
}
