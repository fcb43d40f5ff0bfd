package io.jremix.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
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
        assertEquals(permissions(plain), permissions(report));
    }

    /** Another user who creates the names a temporary file once had (name, pid, sequence) cannot divert the report. */
    @Test
    void noFileMadeBeforehandTakesTheTemporaryFilesPlace(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("report.json");
        long pid = ProcessHandle.current().pid();
        for (int n = 1; n <= 100; n++) {
            Files.writeString(dir.resolve(".report.json." + pid + "." + n + ".tmp"), "theirs");
        }
        AtomicFiles.Written w = AtomicFiles.writeOrFallback(target, "ours");
        assertNull(w.failure(), () -> "diverted to " + w.path());
        assertEquals("ours", Files.readString(target));
    }

    @Test
    void aTemporaryFileHasAnUnguessableNameAndIsItsOwnersAlone(@TempDir Path dir) throws IOException {
        Path a = AtomicFiles.create(dir, ".jremix-", ".tmp", 0, AtomicFiles.ownerOnly(dir), "a".getBytes());
        Path b = AtomicFiles.create(dir, ".jremix-", ".tmp", 0, AtomicFiles.ownerOnly(dir), "b".getBytes());
        assertTrue(a.getFileName().toString().matches("\\.jremix-[0-9a-f]{16}\\.tmp"), a.toString());
        assertTrue(!a.equals(b));
        assertEquals("a", Files.readString(a));
        assertEquals("rw-------", permissions(a));
        Path padded = AtomicFiles.create(dir, ".jremix-", ".tmp", 200, AtomicFiles.ownerOnly(dir), new byte[0]);
        assertEquals(200, padded.getFileName().toString().length());
    }

    @Test
    void aNameTooLongForTheFileSystemIsRefusedByTheCheck(@TempDir Path dir) throws IOException {
        AtomicFiles.checkWritable(dir.resolve("r".repeat(250) + ".json")); // 255 bytes: NAME_MAX on Linux
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.checkWritable(dir.resolve("r".repeat(251)
                + ".json")));
        assertTrue(e.getMessage().startsWith("the name is too long for the file system (256 bytes, "), e.getMessage());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "the check leaves nothing behind");
        }
    }

    @Test
    void aNameIsMeasuredInTheBytesTheFileSystemStores(@TempDir Path dir) {
        assumeTrue(Charset.forName(System.getProperty("sun.jnu.encoding")).equals(StandardCharsets.UTF_8),
                "file names are encoded in UTF-8 here");
        IOException e = assertThrows(IOException.class,
                () -> AtomicFiles.checkWritable(dir.resolve("\u00e9".repeat(128))));
        assertTrue(e.getMessage().startsWith("the name is too long for the file system (256 bytes, "), e.getMessage());
    }

    @Test
    void aPathTooLongForTheFileSystemIsRefusedByTheCheck(@TempDir Path dir) throws IOException {
        Path deep = dir;
        while (deep.toString().length() < 3900) {
            deep = Files.createDirectory(deep.resolve("d".repeat(200)));
        }
        Path target = deep.resolve("r".repeat(200) + ".json"); // each part within NAME_MAX, the whole over PATH_MAX
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.checkWritable(target));
        assertTrue(e.getMessage().startsWith("the name is too long for the file system (205 bytes, "), e.getMessage());
        AtomicFiles.checkWritable(deep.resolve("r.json"));
    }

    @Test
    void aReportWhoseNameCannotBeHeldGoesToAShortenedCopyReadableAsAnyNewFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("r".repeat(300) + ".json");
        AtomicFiles.Written w = AtomicFiles.writeOrFallback(target, "kept");
        try {
            assertNotNull(w.failure());
            assertEquals("kept", Files.readString(w.path()));
            String name = w.path().getFileName().toString();
            assertTrue(name.matches("jremix-r{40}-[0-9a-f]{16}\\.json"), name);
            assertEquals(permissions(Files.writeString(dir.resolve("plain.txt"), "x")), permissions(w.path()));
        } finally {
            Files.deleteIfExists(w.path());
        }
    }

    private static String permissions(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
