package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.Optional;

import io.jremix.cli.doctor.Doctor;

/**
 * jremix's arguments turned into java's. The first argument may name a command ({@code --help}, {@code dump},
 * {@code attach}, {@code doctor}, {@code jit}, {@code bench signal}); otherwise the arguments are java's own with jremix options
 * among them ({@link Arguments}), and the program runs under the agent when there is one, or as plain java when
 * there is none.
 */
final class LaunchPlan {
    private final Installation installation;
    private final int javaFeature;
    private final Function<String, Optional<List<String>>> argFiles;

    /**
     * @param javaFeature the version of the java that will run the command (the plan runs on that same java)
     * @param argFiles    reads the words of an {@code @argfile}
     */
    LaunchPlan(Installation installation, int javaFeature, Function<String, Optional<List<String>>> argFiles) {
        this.installation = installation;
        this.javaFeature = javaFeature;
        this.argFiles = argFiles;
    }

    /** The arguments of the {@code java} command that does what {@code args} ask. */
    List<Word> command(List<String> args) throws LaunchException {
        String first = args.isEmpty() ? "" : args.get(0);
        switch (first) {
            case "", "-h", "-help", "--help", "-?" -> {
                return added("-cp", installation.cli(), Help.class.getName());
            }
            case "dump" -> {
                return withRest(cliCommand(DumpMain.class), args, 1);
            }
            case "attach" -> {
                return withRest(cliCommand(AttachMain.class), args, 1);
            }
            case "doctor" -> {
                return withRest(added("-cp", installation.cli(), Doctor.class.getName()), args, 1);
            }
            case "jit" -> {
                return withRest(tool("io.jremix.tools.jit.JitMain"), args, 1);
            }
            default -> {
                if (first.equals("bench") && args.size() > 1 && args.get(1).equals("signal")) {
                    return withRest(tool("io.jremix.tools.signal.SignalMain"), args, 2);
                }
                return program(args);
            }
        }
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

    /** A command of the cli jar that needs to know where jremix is installed. */
    private List<Word> cliCommand(Class<?> main) throws LaunchException {
        return added("-Djremix.home=" + installation.home(), "-cp", installation.cli(), main.getName());
    }

    /** A jremix tool, told where {@code jit} may build its hsdis adapter. */
    private List<Word> tool(String main) throws LaunchException {
        return added("-Djremix.hsdis=" + installation.hsdisDirectory(), "-cp", installation.toolsClassPath(), main);
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
