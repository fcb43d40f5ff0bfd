package io.jremix.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes files so that a reader sees the old content or the new, never half of it. The file gets the permissions
 * of any new file (the umask's), not the owner-only ones of {@link Files#createTempFile}: reports are for reading.
 */
public final class AtomicFiles {
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private AtomicFiles() {
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
