package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.jremix.cli.command.AttachCommand;
import io.jremix.cli.command.DumpCommand;
import io.jremix.cli.command.HelpCommand;
import io.jremix.cli.command.ReportCommand;
import io.jremix.cli.command.VersionCommand;
import io.jremix.cli.command.doctor.DoctorCommand;
import io.jremix.cli.command.jit.JitCommand;
import io.jremix.cli.command.signal.SignalCommand;
import io.jremix.options.NearMiss;

/**
 * jremix's arguments turned into java's. The first argument may name a command ({@code --help}, {@code --version},
 * {@code dump}, {@code attach}, {@code report}, {@code doctor}, {@code jit}, {@code signal}, once
 * {@code bench signal}); otherwise the arguments are java's own with jremix options among them ({@link Arguments}),
 * and the program runs under the agent when there is one, or as plain java when there is none. With no arguments,
 * as java, the help goes to stderr with exit code 1.
 */
final class LaunchPlan {
    /** The commands' names, as the switch of {@link #command} knows them. */
    private static final List<String> COMMANDS = List.of("dump", "attach", "report", "doctor", "jit", "signal");

    private final Installation installation;
    private final int javaFeature;
    private final Arguments.ArgFiles argFiles;

    /**
     * @param javaFeature the version of the java that will run the command (the plan runs on that same java)
     * @param argFiles    reads the words of an {@code @argfile}
     */
    LaunchPlan(Installation installation, int javaFeature, Arguments.ArgFiles argFiles) {
        this.installation = installation;
        this.javaFeature = javaFeature;
        this.argFiles = argFiles;
    }

    /** The arguments of the {@code java} command that does what {@code args} ask. */
    List<Word> command(List<String> args) throws LaunchException {
        String first = args.isEmpty() ? "" : args.get(0);
        String home = "-Djremix.home=" + installation.home();
        return switch (first) {
            case "" -> cliMain(HelpCommand.class, List.of(HelpCommand.WITHOUT_ARGUMENTS));
            case "-h", "-help", "--help", "-?" -> cliMain(HelpCommand.class);
            case "--version", "-version" -> withRest(cliMain(VersionCommand.class), args, 0);
            case "dump" -> withRest(cliMain(DumpCommand.class, home), args, 1);
            case "attach" -> withRest(cliMain(AttachCommand.class, home), args, 1);
            case "report" -> withRest(cliMain(ReportCommand.class), args, 1);
            case "doctor" -> withRest(cliMain(DoctorCommand.class), args, 1);
            case "jit" -> withRest(cliMain(JitCommand.class, "-Djremix.hsdis=" + installation.hsdisDirectory()),
                    args, 1);
            case "signal" -> withRest(cliMain(SignalCommand.class), args, 1);
            default -> args.size() > 1 && first.equals("bench") && args.get(1).equals("signal") // signal's old name
                    ? withRest(cliMain(SignalCommand.class), args, 2)
                    : program(refuseMisspeltCommand(args));
        };
    }

    /**
     * {@code args}, unless their first word is a near miss of a command's name: all small letters, not a name java
     * could take for a main class in a package or a class named in the usual way. {@code --} first runs such a class.
     */
    private static List<String> refuseMisspeltCommand(List<String> args) throws LaunchException {
        String first = args.get(0);
        Optional<String> meant = first.matches("[a-z]+") ? NearMiss.closest(first, COMMANDS) : Optional.empty();
        if (meant.isPresent()) {
            throw new LaunchException("unknown command '" + first + "': did you mean '" + meant.get()
                    + "'? (to run a main class of that name: bin/jremix -- " + first + ")");
        }
        return args;
    }

    private List<Word> program(List<String> args) throws LaunchException {
        Arguments sorted = Arguments.sort(args, argFiles);
        List<Word> command = new ArrayList<>();
        JremixOptions jremix = sorted.jremix();
        if (!jremix.isEmpty()) {
            String agent = installation.agent();
            if (agent.contains("=")) { // java splits -javaagent:JAR=OPTIONS at the first '='
                throw new LaunchException("the agent's path has an '=' in it, which -javaagent cannot take: " + agent);
            }
            jremix.jvmFlags(javaFeature).forEach(f -> command.add(Word.added(f)));
            command.add(Word.added("-javaagent:" + agent + "=" + jremix.agentArgument()));
        }
        for (int i : sorted.java()) {
            command.add(Word.argument(i, args.get(i)));
        }
        return command;
    }

    /** A command of the cli jar, with the system properties it is told. */
    private List<Word> cliMain(Class<?> main, String... properties) throws LaunchException {
        return cliMain(main, List.of(), properties);
    }

    /** A command of the cli jar, with the system properties it is told, and arguments jremix gives it. */
    private List<Word> cliMain(Class<?> main, List<String> arguments, String... properties) throws LaunchException {
        List<Word> command = added(properties);
        command.addAll(added("-cp", installation.cli(), main.getName()));
        command.addAll(added(arguments.toArray(String[]::new)));
        return command;
    }

    private static List<Word> added(String... words) {
        List<Word> command = new ArrayList<>();
        for (String w : words) {
            command.add(Word.added(w));
        }
        return command;
    }

    private static List<Word> withRest(List<Word> command, List<String> args, int from) {
        for (int i = from; i < args.size(); i++) {
            command.add(Word.argument(i, args.get(i)));
        }
        return command;
    }
}
