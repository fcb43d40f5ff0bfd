package io.jremix.e2e;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * A small file system of its own for a test to fill: a tmpfs mounted on a directory, unmounted on close. Mounting
 * needs root (or CAP_SYS_ADMIN); where it is not permitted the test is skipped, saying why.
 */
public final class Tmpfs implements AutoCloseable {
    private static final int CHUNK = 1 << 20;

    private final Path dir;

    private Tmpfs(Path dir) {
        this.dir = dir;
    }

    /** A tmpfs of {@code megabytes} MB on {@code dir}, which must exist; skips the test if it cannot be mounted. */
    public static Tmpfs mount(Path dir, int megabytes) throws IOException, InterruptedException {
        Jremix.Run mount = Jremix.exec(List.of("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs",
                dir.toString()));
        Assumptions.assumeTrue(mount.exit() == 0, "mount -t tmpfs is not permitted here: " + mount.stderr().strip());
        return new Tmpfs(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Writes a file of zeros until no more than {@code leftMegabytes} MB are free (0: until the disk is full). */
    public void fill(String name, long leftMegabytes) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocate(CHUNK);
        try (FileChannel out = FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            while (dir.toFile().getUsableSpace() > leftMegabytes * CHUNK) {
                zeros.clear();
                out.write(zeros);
            }
        } catch (IOException full) {
            if (leftMegabytes > 0 || dir.toFile().getUsableSpace() > 0) {
                throw full;
            }
        }
    }

    /** What the file system holds, by name. */
    public List<String> names() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Unmounts lazily: a program the test has just killed may hold files there a moment longer. */
    @Override
    public void close() throws IOException, InterruptedException {
        Jremix.Run umount = Jremix.exec(List.of("umount", "--lazy", dir.toString()));
        if (umount.exit() != 0) {
            throw new IOException("umount " + dir + ": " + umount.stderr());
        }
    }
}
