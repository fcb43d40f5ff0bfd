package io.jremix.agent.feature;

import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.OutputFiles;

/**
 * The options the launcher passed, parsed: the values {@link Spec} read from the options' declarations
 * (io.jremix.options), which each feature reads with those declarations, and the files the run writes, checked
 * together ({@link OutputFiles}). A feature checks the files it reads itself, when it makes its view of these.
 *
 * @param values  every option's value, given or default
 * @param outputs the files the run writes, each with the option that names it
 */
public record AgentOptions(Values values, List<Output> outputs) {
    /** The options of a program started under jremix, as it was given them. */
    public static final String STARTED_PROPERTY = "jremix.started";

    /**
     * Parses the options the launcher passed (already split by {@link io.jremix.options.AgentArguments}), and checks
     * their outputs.
     */
    public static AgentOptions parse(List<String> options) throws OptionException {
        Values v = Spec.parse(options);
        List<Output> outputs = Spec.outputs(v);
        OutputFiles.check(outputs);
        return new AgentOptions(v, outputs);
    }
}
