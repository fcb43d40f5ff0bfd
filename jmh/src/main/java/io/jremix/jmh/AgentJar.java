package io.jremix.jmh;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarFile;

import org.openjdk.jmh.profile.ProfilerException;

/**
 * Finds jremix's agent jar, with the boot jar ({@code jremix-boot.jar}) its manifest names beside it: the one given
 * ({@code agent=}), else the one beside this profiler's jar (the distribution's {@code lib/}), else the agent and
 * probe artifacts on the class path (a Maven build), copied side by side into a temporary directory when they are
 * not side by side already, else the one of the distribution {@code JREMIX_HOME} names.
 */
final class AgentJar {
    static final String AGENT = "jremix-agent.jar";
    static final String BOOT = "jremix-boot.jar";
    private static final String AGENT_CLASS = "io/jremix/agent/Agent.class";
    private static final String PROBE_CLASS = "io/jremix/probe/cache/CacheProbe.class";

    private AgentJar() {
    }

    static Path find(String given) throws ProfilerException {
        if (!given.isEmpty()) {
            Path agent = Path.of(given).toAbsolutePath();
            if (!withBoot(agent)) {
                throw new ProfilerException("jremix: error: agent=" + given + ": expected jremix's " + AGENT
                        + " with " + BOOT + " beside it");
            }
            return agent;
        }
        Path own = jarOf(AgentJar.class.getProtectionDomain().getCodeSource().getLocation());
        if (own != null && withBoot(own.resolveSibling(AGENT))) {
            return own.resolveSibling(AGENT);
        }
        Path onClassPath = fromClassPath();
        if (onClassPath != null) {
            return onClassPath;
        }
        String home = System.getenv("JREMIX_HOME");
        if (home != null && withBoot(Path.of(home, "lib", AGENT))) {
            return Path.of(home, "lib", AGENT).toAbsolutePath();
        }
        throw new ProfilerException("jremix: error: cannot find jremix's agent: give agent=<path of " + AGENT
                + ">, put io.jremix:jremix-jmh's dependencies on the class path, or set JREMIX_HOME to jremix's"
                + " distribution");
    }

    /** The agent artifact on the class path, with the probe artifact beside it as the boot jar. */
    private static Path fromClassPath() throws ProfilerException {
        Path agent = jarOf(ClassLoader.getSystemResource(AGENT_CLASS));
        Path probe = jarOf(ClassLoader.getSystemResource(PROBE_CLASS));
        if (agent == null || probe == null || !isAgent(agent)) {
            return null; // not there, or unpacked into another jar (a shaded benchmarks jar), without the agent's manifest
        }
        if (agent.getFileName().toString().equals(AGENT) && withBoot(agent)) {
            return agent;
        }
        try { // a Maven repository names them by version: the manifest wants the boot jar's own name beside the agent
            Path dir = Files.createTempDirectory("jremix-agent");
            dir.toFile().deleteOnExit();
            Path copy = Files.copy(agent, dir.resolve(AGENT), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(probe, dir.resolve(BOOT), StandardCopyOption.REPLACE_EXISTING);
            copy.toFile().deleteOnExit();
            dir.resolve(BOOT).toFile().deleteOnExit();
            return copy;
        } catch (IOException e) {
            throw new ProfilerException("jremix: error: cannot copy the agent to a temporary directory: " + e);
        }
    }

    private static boolean withBoot(Path agent) {
        return Files.isRegularFile(agent) && Files.isRegularFile(agent.resolveSibling(BOOT));
    }

    private static boolean isAgent(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest() != null
                    && "io.jremix.agent.Agent".equals(file.getManifest().getMainAttributes().getValue("Premain-Class"));
        } catch (IOException e) {
            return false;
        }
    }

    /** The jar file a class or resource URL points into, or {@code null} for a directory or anything else. */
    private static Path jarOf(URL url) {
        if (url == null) {
            return null;
        }
        try {
            String s = url.toString();
            if (s.startsWith("jar:file:")) {
                s = s.substring("jar:".length(), s.indexOf("!/"));
            }
            Path path = Path.of(URI.create(s));
            return Files.isRegularFile(path) && path.toString().endsWith(".jar") ? path : null;
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            return null;
        }
    }
}
