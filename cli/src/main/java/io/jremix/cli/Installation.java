package io.jremix.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where jremix keeps its jars. An unpacked distribution keeps them under {@code lib/}, which
 * {@code lib/jremix-cli.jar} marks (bin/jremix looks for the same file); a source checkout keeps them under the
 * modules' {@code target/} directories.
 */
public final class Installation {
    private static final String DISTRIBUTION_MARK = "lib/jremix-cli.jar";

    private final Path home;
    private final Path agent;
    private final Path cli;
    private final Path hsdis;
    /** What is wrong when a jar is missing, and what to do about it. */
    private final String problem;

    private Installation(Path home, Path agent, Path cli, Path hsdis, String problem) {
        this.home = home;
        this.agent = agent;
        this.cli = cli;
        this.hsdis = hsdis;
        this.problem = problem;
    }

    /** The installation whose bin/ holds the running script. */
    public static Installation at(Path home) {
        if (Files.isRegularFile(home.resolve(DISTRIBUTION_MARK))) {
            Path lib = home.resolve("lib");
            return new Installation(home, lib.resolve("jremix-agent.jar"), lib.resolve("jremix-cli.jar"),
                    lib.resolve("hsdis"), "missing from " + lib + "; unpack the distribution again");
        }
        Path cli = home.resolve("cli/target");
        return new Installation(home, home.resolve("agent/target/jremix-agent.jar"), cli.resolve("jremix-cli.jar"),
                cli.resolve("hsdis"), "not built; run 'mvn -B -DskipTests package' in " + home);
    }

    /** The directory jremix is installed in (the parent of bin/). */
    Path home() {
        return home;
    }

    /** The agent jar, with the boot jar it names beside it. */
    public String agent() throws LaunchException {
        if (!Files.isRegularFile(agent) || !Files.isRegularFile(agent.resolveSibling("jremix-boot.jar"))) {
            throw missing("the agent is");
        }
        return agent.toString();
    }

    /** The dump agent beside the agent jar: only a manifest naming the agent class, for a JVM that has loaded it. */
    public String dumpAgent() throws LaunchException {
        Path dump = agent.resolveSibling("jremix-agent-dump.jar");
        if (!Files.isRegularFile(dump)) {
            throw missing("the dump agent is");
        }
        return dump.toString();
    }

    /** The jar of these commands, which {@code bin/jremix} runs. */
    String cli() throws LaunchException {
        if (!Files.isRegularFile(cli)) {
            throw missing("the commands are");
        }
        return cli.toString();
    }

    /** Where {@code jremix jit} may build its hsdis adapter. */
    String hsdisDirectory() {
        return hsdis.toString();
    }

    private LaunchException missing(String what) {
        return new LaunchException(what + " " + problem);
    }
}
