package io.jremix.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void replacesContentAndLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("report.json");
        AtomicFiles.write(target, "first");
        AtomicFiles.write(target, "second");
        assertEquals("second", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void theReportGetsTheSamePermissionsAsAnyNewFile(@TempDir Path dir) throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path report = dir.resolve("report.json");
        AtomicFiles.write(report, "x");
        assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)),
                PosixFilePermissions.toString(Files.getPosixFilePermissions(report)));
    }
}
