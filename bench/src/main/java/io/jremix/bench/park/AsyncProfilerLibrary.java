package io.jremix.bench.park;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * async-profiler's native agent, as its Maven artifact ({@code tools.profiler:async-profiler}, a dependency of the
 * bench module) ships it: one {@code libasyncProfiler.so} per platform inside the jar, written out to a file here so
 * that {@code -agentpath} can load it.
 */
final class AsyncProfilerLibrary {
    private static final String POM_PROPERTIES = "META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private AsyncProfilerLibrary() {
    }

    /** The artifact's version on the class path, or {@code null} if it is not there. */
    static String version() throws IOException {
        try (InputStream in = resource(POM_PROPERTIES)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }

    /** Writes this platform's library into {@code dir}; says in the exception why there is none. */
    static Path extract(Path dir) throws IOException {
        String version = version();
        if (version == null) {
            throw new IOException("tools.profiler:async-profiler is not on the class path");
        }
        String platform = platform();
        try (InputStream in = resource(platform + "/libasyncProfiler.so")) {
            if (in == null) {
                throw new IOException("async-profiler " + version + " has no library for " + platform);
            }
            Path lib = dir.resolve("libasyncProfiler.so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return lib;
        }
    }

    /** The artifact's name for this OS and architecture: {@code linux-x64}, {@code linux-arm64}, {@code macos}. */
    private static String platform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (os.contains("mac")) {
            return "macos";
        }
        return os.replace(' ', '-') + "-" + switch (arch) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64" -> "arm64";
            default -> arch;
        };
    }

    private static InputStream resource(String name) {
        return AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(name);
    }
}
