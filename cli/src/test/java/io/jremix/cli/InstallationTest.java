package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The unpacked distribution's layout (lib/), told apart from a source checkout's by lib/jremix-cli.jar. */
class InstallationTest {
    @TempDir
    Path home;

    private void create(String... files) throws IOException {
        for (String f : files) {
            Files.createDirectories(home.resolve(f).getParent());
            Files.createFile(home.resolve(f));
        }
    }

    @Test
    void anUnpackedDistributionKeepsItsJarsInLib() throws IOException, LaunchException {
        create("lib/jremix-cli.jar", "lib/jremix-agent.jar", "lib/jremix-boot.jar", "lib/jremix-agent-dump.jar",
                "agent/target/jremix-agent.jar", "agent/target/jremix-boot.jar");
        Installation installation = Installation.at(home);
        Path lib = home.resolve("lib");
        assertEquals(lib.resolve("jremix-agent.jar").toString(), installation.agent());
        assertEquals(lib.resolve("jremix-cli.jar").toString(), installation.cli());
        assertEquals(lib.resolve("jremix-agent-dump.jar").toString(), installation.dumpAgent());
        assertEquals(lib.resolve("hsdis").toString(), installation.hsdisDirectory());
    }

    @Test
    void withoutLibItIsASourceCheckout() throws IOException, LaunchException {
        create("lib/jremix-agent.jar", "lib/jremix-boot.jar", "agent/target/jremix-agent.jar",
                "agent/target/jremix-boot.jar");
        assertEquals(home.resolve("agent/target/jremix-agent.jar").toString(), Installation.at(home).agent());
    }

    @Test
    void aDistributionMissingAJarSaysToUnpackItAgain() throws IOException {
        create("lib/jremix-cli.jar", "lib/jremix-agent.jar");
        assertEquals("the agent is missing from " + home.resolve("lib") + "; unpack the distribution again",
                assertThrows(LaunchException.class, () -> Installation.at(home).agent()).getMessage());
        assertEquals("the dump agent is missing from " + home.resolve("lib") + "; unpack the distribution again",
                assertThrows(LaunchException.class, () -> Installation.at(home).dumpAgent()).getMessage());
    }
}
