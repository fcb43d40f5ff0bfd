package io.jremix.agent.vbd;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.List;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.Feature;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;
import io.jremix.options.VolatileByDefaultOptions;

/** Volatile-by-default ({@code -XX:+VBD}) as a {@link Feature}. */
public final class VbdFeature implements Feature<VbdOptions> {
    @Override
    public String name() {
        return "volatile-by-default";
    }

    /** The pattern file is read even when VBD is off, as a bad option is refused whatever else is given. */
    @Override
    public VbdOptions options(Values values) throws OptionException {
        VbdOptions options = VbdOptions.from(values);
        return options.get(VolatileByDefaultOptions.ENABLED) ? options : null;
    }

    @Override
    public AgentLog log(PrintStream err, VbdOptions options) {
        return new AgentLog(err, "VBD: ", options.get(VolatileByDefaultOptions.VERBOSE), false);
    }

    @Override
    public void start(Instrumentation inst, VbdOptions options, AgentLog log) {
        Vbd.start(inst, options, log);
    }

    @Override
    public String attachRefusal(VbdOptions options) {
        return "volatile-by-default cannot start in a running program: its classes are loaded, and a loaded class"
                + " cannot change its fields; start the program under bin/jremix -XX:+VBD";
    }

    /** Never called: {@link #attachRefusal} refuses every attach. */
    @Override
    public Handled attach(Instrumentation inst, VbdOptions options, List<Output> outputs, AnswerChannel answer) {
        throw new UnsupportedOperationException(attachRefusal(options));
    }
}
