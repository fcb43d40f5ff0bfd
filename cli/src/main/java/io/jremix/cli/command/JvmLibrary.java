package io.jremix.cli.command;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a process has a JVM's library mapped, read from Linux's {@code /proc/<pid>/maps}: a process without one is
 * told apart at once, instead of after the Attach API's time-out (about 10 s) waiting for an answer that never
 * comes. Where the maps cannot be read (another system, another user), nothing is concluded.
 */
final class JvmLibrary {
    /** HotSpot's {@code libjvm.so}, and OpenJ9's {@code libj9vm29.so} beside its own {@code libjvm.so}. */
    private static final String[] NAMES = {"/libjvm.", "/libj9vm"};

    private JvmLibrary() {
    }

    /** {@code true} only when the process's maps were read and name no JVM library. */
    static boolean surelyAbsent(long pid) {
        return surelyAbsent(Path.of("/proc", Long.toString(pid), "maps"));
    }

    static boolean surelyAbsent(Path maps) {
        try (BufferedReader in = Files.newBufferedReader(maps, StandardCharsets.ISO_8859_1)) {
            boolean read = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                read = true;
                for (String name : NAMES) {
                    if (line.contains(name)) {
                        return false;
                    }
                }
            }
            return read; // an empty maps file is a process going away, or one whose maps are hidden
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
