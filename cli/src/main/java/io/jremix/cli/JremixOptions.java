package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The jremix options of one command line, in their order. They are recognised by their prefixes; their values are
 * checked by the agent, which stops the JVM with one line and exit code 2 before the program starts.
 */
final class JremixOptions {
    private static final Pattern JREMIX = Pattern.compile(
            "-remix(:.*)?|-XX:[+-]?REMIX.*|-XXgetparkcontention.*|-XX:[+-]?VBD.*", Pattern.DOTALL);
    /** The first JDK that warns when an agent is loaded into a running JVM (bin/jremix dump) without this flag. */
    private static final int DYNAMIC_AGENT_WARNING = 21;

    private final List<String> options = new ArrayList<>();

    static boolean isJremix(String arg) {
        return JREMIX.matcher(arg).matches();
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
    List<String> jvmFlags(int javaFeature) {
        List<String> flags = new ArrayList<>();
        if (pads()) { // padding at class load relies on @Contended, which the JVM honours outside the JDK only so
            flags.add("-XX:-RestrictContended");
        }
        if (javaFeature >= DYNAMIC_AGENT_WARNING && options.stream().anyMatch(o -> o.startsWith("-XXgetparkcontention"))) {
            flags.add("-XX:+EnableDynamicAgentLoading");
        }
        return flags;
    }

    /** Repair pads classes: under -remix (online, the last -remix option decides), or with a profile and no -remix. */
    private boolean pads() {
        String mode = null;
        for (String o : options) {
            if (o.equals("-remix") || o.equals("-remix:online") || o.equals("-remix:detect")) {
                mode = o;
            }
        }
        boolean profile = options.stream().anyMatch(o -> o.startsWith("-XX:REMIXProfile="));
        return mode == null ? profile : !mode.equals("-remix:detect");
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
