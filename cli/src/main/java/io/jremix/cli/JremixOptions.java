package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;

import io.jremix.options.CacheContentionOptions;
import io.jremix.options.OptionException;
import io.jremix.options.ParkContentionOptions;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.OutputFiles;

/**
 * The jremix options of one command line, in their order: the arguments the option spec claims. The plan checks
 * them with the spec's parser, and the files the run would write with {@link OutputFiles}, as the agent will, so a
 * bad one stops here with the agent's one line and exit code 2; the agent checks again, and reads the files the
 * options name, where the program runs.
 */
final class JremixOptions {
    /** The first JDK that warns when an agent is loaded into a running JVM (bin/jremix dump) without this flag. */
    private static final int DYNAMIC_AGENT_WARNING = 21;

    private final List<String> options = new ArrayList<>();

    static boolean isJremix(String arg) {
        return Spec.claims(arg);
    }

    void add(String option) {
        options.add(option);
    }

    boolean isEmpty() {
        return options.isEmpty();
    }

    List<String> list() {
        return List.copyOf(options);
    }

    /** The JVM flags the features asked for need on a JVM of version {@code javaFeature}. */
    List<String> jvmFlags(int javaFeature) throws LaunchException {
        Values values = checked();
        List<String> flags = new ArrayList<>();
        if (pads(values)) { // padding at class load relies on @Contended, which the JVM honours outside the JDK only so
            flags.add("-XX:-RestrictContended");
        }
        if (javaFeature >= DYNAMIC_AGENT_WARNING && values.get(ParkContentionOptions.PROFILE)) {
            flags.add("-XX:+EnableDynamicAgentLoading");
        }
        return flags;
    }

    /** The options parsed, with the files the run would write checked. */
    private Values checked() throws LaunchException {
        try {
            Values values = Spec.parse(options);
            OutputFiles.check(Spec.outputs(values));
            return values;
        } catch (OptionException e) {
            throw new LaunchException(e.getMessage() + " (see bin/jremix --help)");
        }
    }

    /** Repair pads classes: under -remix (online, the last -remix option decides), or with a profile and no -remix. */
    private static boolean pads(Values values) {
        String mode = values.get(CacheContentionOptions.MODE);
        return values.given(CacheContentionOptions.MODE) ? mode.equals("online")
                : values.given(CacheContentionOptions.PROFILE);
    }

    /**
     * The options as one {@code -javaagent:jar=OPTIONS} string: joined by commas, with each backslash and comma in an
     * option escaped by a backslash, which the agent's AgentArguments.split reads back unchanged.
     */
    String agentArgument() {
        List<String> escaped = new ArrayList<>();
        for (String o : options) {
            escaped.add(o.replace("\\", "\\\\").replace(",", "\\,"));
        }
        return String.join(",", escaped);
    }
}
