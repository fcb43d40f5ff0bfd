package io.jremix.cli.command;

import java.nio.file.Path;
import java.util.List;

import io.jremix.cli.JremixOptions;
import io.jremix.cli.LaunchException;
import io.jremix.options.OptionException;
import io.jremix.options.Spec;

/**
 * One {@code bin/jremix attach} command line: the pid, and what to do there ({@code start} with jremix options,
 * {@code status}, {@code dump} or {@code stop}). File names become absolute here, since the program resolves them
 * against its own directory.
 *
 * @param argument for {@code start}, the options as {@code -javaagent} takes them; for {@code dump} and
 *                 {@code stop}, the report file or an empty string
 */
record AttachCommandLine(long pid, String action, String argument) {
    private static final String USAGE = "(usage: bin/jremix attach <pid> <jremix options> | status | dump [<file>]"
            + " | stop [<file>]; see bin/jremix attach --help)";

    static AttachCommandLine parse(List<String> args) throws LaunchException {
        if (args.size() < 2) {
            throw new LaunchException("a pid and what to do there, please " + USAGE);
        }
        long pid;
        try {
            pid = Long.parseLong(args.get(0));
        } catch (NumberFormatException e) {
            throw new LaunchException("not a process id: '" + args.get(0) + "' " + USAGE);
        }
        String first = args.get(1);
        List<String> rest = args.subList(2, args.size());
        switch (first) {
            case "status" -> {
                if (!rest.isEmpty()) {
                    throw new LaunchException("status takes nothing after it " + USAGE);
                }
                return new AttachCommandLine(pid, first, "");
            }
            case "dump", "stop" -> {
                if (rest.size() > 1) {
                    throw new LaunchException(first + " takes at most a file " + USAGE);
                }
                return new AttachCommandLine(pid, first, rest.isEmpty() ? "" : absolute(rest.get(0)));
            }
            default -> {
                return new AttachCommandLine(pid, "start", options(args.subList(1, args.size())));
            }
        }
    }

    boolean status() {
        return action.equals("status");
    }

    /** The agent argument: lines the agent's AttachRequest reads, the channel file among them. */
    String request(Path channel) {
        return "jremix-attach\n" + action + "\n" + channel + "\n" + argument;
    }

    private static String options(List<String> words) throws LaunchException {
        JremixOptions options = new JremixOptions();
        for (String w : words) {
            if (!JremixOptions.isJremix(w)) {
                throw new LaunchException("not a jremix option: '" + w + "' " + USAGE);
            }
            try {
                options.add(Spec.withAbsoluteFiles(w));
            } catch (OptionException e) {
                throw new LaunchException("malformed option '" + w + "': " + e.getMessage());
            }
        }
        return options.agentArgument();
    }

    private static String absolute(String file) {
        return Path.of(file).toAbsolutePath().toString();
    }
}
