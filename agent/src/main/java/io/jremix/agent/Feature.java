package io.jremix.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;

import io.jremix.options.OptionException;
import io.jremix.options.Values;

/**
 * One of jremix's features as the agent and attach see it: its view of the parsed options, how it starts in a
 * program starting under {@code -javaagent}, and why it cannot start in a running one. {@link Features} lists them.
 *
 * @param <O> its view of the parsed options
 */
public interface Feature<O> {
    /** What its failure line says is off: "park profiling" in "PARK: park profiling is off: could not start (...)". */
    String name();

    /** Its view of the parsed options, with the files it reads checked; {@code null} when they do not ask for it. */
    O options(Values values) throws OptionException;

    /** Its lines on {@code err}, with its prefix ("REMIX: "), as verbose as its options ask. */
    AgentLog log(PrintStream err, O options);

    /** Starts it; java.base reads the boot class path's probes already. A failure is left to the caller to report. */
    void start(Instrumentation inst, O options, AgentLog log);

    /** Why it cannot start in this running program, in one line that says what to do instead; {@code null} if it can. */
    String attachRefusal(O options);
}
