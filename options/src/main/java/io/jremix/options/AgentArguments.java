package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the {@code -javaagent:jremix-agent.jar=ARGS} string into options. ARGS are the launcher's options joined by
 * commas, e.g. {@code -remix:detect,-XX:REMIXSamplingRatio=100}. A piece that does not start with {@code -}
 * continues the previous option (so sub-options such as {@code threshold=5,printThreshold=10} keep their commas),
 * and a backslash escapes the next character (the launcher writes {@code \,} for commas inside file names).
 */
public final class AgentArguments {
    private AgentArguments() {
    }

    public static List<String> split(String args) {
        List<String> options = new ArrayList<>();
        if (args == null) {
            return options;
        }
        StringBuilder piece = new StringBuilder();
        boolean escaped = false;
        for (int i = 0; i < args.length(); i++) {
            char c = args.charAt(i);
            if (escaped) {
                piece.append(c);
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == ',') {
                add(options, piece);
            } else {
                piece.append(c);
            }
        }
        add(options, piece);
        return options;
    }

    private static void add(List<String> options, StringBuilder piece) {
        if (piece.isEmpty()) {
            return;
        }
        String p = piece.toString();
        piece.setLength(0);
        if (!p.startsWith("-") && !options.isEmpty()) {
            int last = options.size() - 1;
            options.set(last, options.get(last) + "," + p);
        } else {
            options.add(p);
        }
    }

    /** Joins options into an agent argument string that {@link #split} reads back unchanged. */
    public static String join(List<String> options) {
        StringBuilder sb = new StringBuilder();
        for (String o : options) {
            if (!sb.isEmpty()) {
                sb.append(',');
            }
            sb.append(o.replace("\\", "\\\\").replace(",", "\\,"));
        }
        return sb.toString();
    }
}
