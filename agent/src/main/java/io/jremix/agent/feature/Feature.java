package io.jremix.agent.feature;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;

/**
 * One of jremix's features as the agent and attach see it: its view of the parsed options, how it starts in a
 * program starting under {@code -javaagent}, and how {@code bin/jremix attach} starts, dumps and stops it in a running
 * one, answering on the command's {@link AnswerChannel}. The agent's {@code Features} lists them.
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

    /**
     * Why it cannot start in this running program, in one line that says what to do instead (also when one runs
     * already); {@code null} if it can.
     */
    String attachRefusal(O options);

    /**
     * Starts it in this running program, which {@link #attachRefusal} accepted; its lines go to {@code answer}, and
     * it claims those of {@code outputs} it writes. Only the last feature may answer later.
     */
    Handled attach(Instrumentation inst, O options, List<Output> outputs, AnswerChannel answer);

    /** {@code bin/jremix attach <pid> dump}: its report now, on {@code answer}; whether it had one to give. */
    default boolean dump(Path file, AnswerChannel answer) {
        return false;
    }

    /** {@code bin/jremix attach <pid> stop}: stops what attach started of it, its last report on {@code answer}. */
    default Handled stop(Path file, AnswerChannel answer) {
        return Handled.NOTHING;
    }

    /**
     * Why {@code command} ({@code dump} or {@code stop}) found nothing of it to act on, when there is more to say
     * than that nothing was attached; {@code null} otherwise.
     */
    default String idle(String command) {
        return null;
    }

    /** What an attach command did with a feature. */
    enum Handled {
        /** Nothing: it could not start (and said why), or had nothing to stop. */
        NOTHING,
        /** Done; the attach session ends the answer once each feature has had the command. */
        DONE,
        /** Done, and the feature ends the answer itself, now or later (cache detection: with its window's report). */
        ANSWERING
    }
}
