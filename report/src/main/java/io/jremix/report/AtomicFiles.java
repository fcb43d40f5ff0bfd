package io.jremix.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes files so that a reader sees the old content or the new, never half of it. The file gets the permissions
 * of any new file (the umask's), not the owner-only ones of {@link Files#createTempFile}: reports are for reading.
 */
public final class AtomicFiles {
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private AtomicFiles() {
    }

    /** Where a report went: its own path, or a fallback because writing there failed for {@code failure}. */
    public record Written(Path path, IOException failure) {
    }

    /**
     * Fails, with the reason as its message, unless {@code target} can be written: it is not a directory, and a file
     * can be created beside it. The check creates one and deletes it at once: permissions alone say little to root,
     * and only creating a file sees a read-only file system or a directory such as {@code /proc}.
     */
    public static void checkWritable(Path target) throws IOException {
        Path file = target.toAbsolutePath();
        if (Files.isDirectory(file)) {
            throw new IOException("it is a directory");
        }
        Path dir = file.getParent();
        if (dir == null || !Files.exists(dir)) {
            throw new IOException("directory " + dir + " does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + " is not a directory");
        }
        Path probe;
        try {
            probe = Files.createTempFile(dir, ".jremix-check-", ".tmp");
        } catch (IOException e) {
            throw new IOException("directory " + dir + " is not writable (" + reason(e) + ")", e);
        }
        Files.deleteIfExists(probe);
    }

    /**
     * Writes {@code target}, or, if that fails (its directory went away or filled up during the run), a new file of
     * its own in {@code java.io.tmpdir}, so that a run's report is never lost. Throws only if both fail.
     */
    public static Written writeOrFallback(Path target, String content) throws IOException {
        try {
            write(target, content);
            return new Written(target, null);
        } catch (IOException e) {
            try {
                String name = target.getFileName().toString();
                int dot = name.lastIndexOf('.');
                Path fallback = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")),
                        "jremix-" + (dot > 0 ? name.substring(0, dot) : name) + "-", dot > 0 ? name.substring(dot) : "");
                Files.writeString(fallback, content, StandardCharsets.UTF_8);
                return new Written(fallback, e);
            } catch (IOException | RuntimeException fallbackFailure) {
                e.addSuppressed(fallbackFailure);
                throw e;
            }
        }
    }

    /** Why a file operation failed, in words: the system's reason rather than the path it names. */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof FileSystemException) {
            return e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
        }
        return e.getMessage();
    }

    public static void write(Path target, String content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + SEQUENCE.incrementAndGet() + ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
