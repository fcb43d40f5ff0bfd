package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;

import io.jremix.cli.doctor.Doctor;
import io.jremix.cli.jit.JitMain;
import io.jremix.cli.signal.SignalMain;

/**
 * jremix's arguments turned into java's. The first argument may name a command ({@code --help}, {@code dump},
 * {@code attach}, {@code report}, {@code doctor}, {@code jit}, {@code signal}, once {@code bench signal}); otherwise
 * the arguments are java's own with jremix options among them ({@link Arguments}), and the program runs under the
 * agent when there is one, or as plain java when there is none.
 */
final class LaunchPlan {
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
            case "", "-h", "-help", "--help", "-?" -> cliMain(Help.class);
            case "dump" -> withRest(cliMain(DumpMain.class, home), args, 1);
            case "attach" -> withRest(cliMain(AttachMain.class, home), args, 1);
            case "report" -> withRest(cliMain(ReportCommand.class), args, 1);
            case "doctor" -> withRest(cliMain(Doctor.class), args, 1);
            case "jit" -> withRest(cliMain(JitMain.class, "-Djremix.hsdis=" + installation.hsdisDirectory()), args, 1);
            case "signal" -> withRest(cliMain(SignalMain.class), args, 1);
            default -> args.size() > 1 && first.equals("bench") && args.get(1).equals("signal") // signal's old name
                    ? withRest(cliMain(SignalMain.class), args, 2)
                    : program(args);
        };
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
        List<Word> command = added(properties);
        command.addAll(added("-cp", installation.cli(), main.getName()));
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
