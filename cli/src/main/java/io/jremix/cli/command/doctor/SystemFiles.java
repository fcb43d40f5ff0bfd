package io.jremix.cli.command.doctor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads procfs and sysfs under a root that is {@code /} on a real machine and a made-up tree in tests. A file that is
 * missing or unreadable is empty, never an exception: the checks turn it into "unknown" with the reason.
 */
final class SystemFiles {
    private final Path root;

    SystemFiles(Path root) {
        this.root = root;
    }

    /** The trimmed content of {@code path} (relative to the root, e.g. {@code proc/cpuinfo}). */
    Optional<String> read(String path) {
        try {
            return Optional.of(Files.readString(root.resolve(path), StandardCharsets.UTF_8).trim());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    boolean exists(String path) {
        return Files.exists(root.resolve(path));
    }

    /** The names in directory {@code path}, sorted; empty if it is missing. */
    List<String> list(String path) {
        try (Stream<Path> entries = Files.list(root.resolve(path))) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }
}
