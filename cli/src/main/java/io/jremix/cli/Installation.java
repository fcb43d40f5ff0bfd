package io.jremix.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a jremix built from source keeps its jars: under the modules' {@code target/} directories. */
final class Installation {
    private final Path home;

    Installation(Path home) {
        this.home = home;
    }

    /** The agent jar, with the boot jar it names beside it. */
    String agent() throws LaunchException {
        Path agent = home.resolve("agent/target/jremix-agent.jar");
        if (!Files.isRegularFile(agent) || !Files.isRegularFile(agent.resolveSibling("jremix-boot.jar"))) {
            throw notBuilt("the agent is");
        }
        return agent.toString();
    }

    /** The jar of these commands, which {@code bin/jremix} runs. */
    String cli() throws LaunchException {
        Path cli = home.resolve("cli/target/jremix-cli.jar");
        if (!Files.isRegularFile(cli)) {
            throw notBuilt("the commands are");
        }
        return cli.toString();
    }

    /** The tools jar and its libraries, as one class path. */
    String toolsClassPath() throws LaunchException {
        Path tools = home.resolve("tools/target");
        if (!Files.isRegularFile(tools.resolve("jremix-tools.jar"))) {
            throw notBuilt("the tools are");
        }
        return tools.resolve("jremix-tools.jar") + File.pathSeparator + tools.resolve("lib") + File.separator + "*";
    }

    String home() {
        return home.toString();
    }

    private LaunchException notBuilt(String what) {
        return new LaunchException(what + " not built; run 'mvn -B -DskipTests package' in " + home);
    }
}
