package io.jremix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.options.AgentArguments;
import io.jremix.options.JvmFlags;
import io.jremix.options.OptionException;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.options.VolatileByDefaultOptions;
import io.jremix.report.OutputFiles;
import io.jremix.report.cache.RepairProfile;

/**
 * The jremix options of one command line, in their order: the arguments the option spec claims. The plan checks
 * them with the spec's parser, the files the run would write with {@link OutputFiles}, and reads the files they
 * name (the repair profile, the relaxed-pattern file), all as the agent will, so a bad one stops here with the
 * agent's one line and exit code 2, before the JVM starts; the agent checks them again, where the program runs.
 */
public final class JremixOptions {
    private final List<String> options = new ArrayList<>();

    public static boolean isJremix(String arg) {
        return Spec.claims(arg);
    }

    public void add(String option) {
        options.add(option);
    }

    boolean isEmpty() {
        return options.isEmpty();
    }

    List<String> list() {
        return List.copyOf(options);
    }

    /** The JVM flags the features asked for need on a JVM of version {@code javaFeature} ({@link JvmFlags}). */
    List<String> jvmFlags(int javaFeature) throws LaunchException {
        return JvmFlags.of(checked(), javaFeature);
    }

    /** The options parsed, with the files the run would write checked. */
    private Values checked() throws LaunchException {
        try {
            Values values = Spec.parse(options);
            OutputFiles.check(Spec.outputs(values));
            readFiles(values);
            return values;
        } catch (OptionException e) {
            throw new LaunchException(e.getMessage() + " (see bin/jremix --help)");
        }
    }

    /** The files the agent reads at start, read here first with the agent's own checks. */
    private static void readFiles(Values values) throws OptionException {
        Path relaxed = values.get(VolatileByDefaultOptions.RELAXED);
        if (relaxed != null) {
            VbdRelaxedPatterns.read(relaxed);
        }
        RepairProfile.checkOption(values);
    }

    /** The options as one {@code -javaagent:jar=OPTIONS} string ({@link AgentArguments#join}). */
    public String agentArgument() {
        return AgentArguments.join(options);
    }
}
