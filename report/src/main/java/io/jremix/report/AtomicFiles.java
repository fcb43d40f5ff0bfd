package io.jremix.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * Writes files so that a reader sees the old content or the new, never half of it. The content goes to a temporary
 * file beside the target, then is moved over it. The temporary file has a name no one can guess, so that no other
 * user can create it first and divert the write; it is readable by its owner alone while it is written, then gets
 * the permissions of any new file (the umask's): reports are for reading.
 */
public final class AtomicFiles {
    /** A temporary file's name: this, 16 random hex digits, and {@link #TEMP_SUFFIX}. */
    private static final String TEMP_PREFIX = ".jremix-";
    private static final String TEMP_SUFFIX = ".tmp";
    /** Of a fallback file's name, the report's own name gives at most this many characters (code points). */
    private static final int FALLBACK_NAME_CHARS = 40;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AtomicFiles() {
    }

    /** Where a report went: its own path, or a fallback because writing there failed for {@code failure}. */
    public record Written(Path path, IOException failure) {
    }

    /**
     * Fails, with the reason as its message, unless {@code target} can be written: it is not a directory, it is
     * writable if it exists, and a file can be created beside it, with a name as long as its own. The check creates
     * such a file and deletes it at once: permissions alone say little to root, and only creating a file sees a
     * read-only file system, a directory such as {@code /proc}, or a name longer than the file system holds.
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
        int nameBytes = file.getFileName().toString().getBytes(fileNameCharset()).length;
        try {
            probe(dir, nameBytes);
        } catch (IOException e) {
            try {
                probe(dir, 0);
            } catch (IOException notWritable) {
                throw new IOException("directory " + dir + " is not writable (" + reason(notWritable) + ")",
                        notWritable);
            }
            int pathBytes = file.toString().getBytes(fileNameCharset()).length;
            throw new IOException("the name is too long for the file system (" + nameBytes + " bytes, " + pathBytes
                    + " with its directory: " + reason(e) + ")", e);
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new IOException("the file is not writable");
        }
    }

    /** Creates and deletes a file in {@code dir} named as the temporary files are, at least {@code minBytes} long. */
    private static void probe(Path dir, int minBytes) throws IOException {
        Files.delete(create(dir, TEMP_PREFIX, minBytes, ownerOnly(dir), new byte[0]));
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
                String base = dot > 0 ? name.substring(0, dot) : name;
                // shortened: the fallback must hold where a name too long for the file system did not
                String shortBase = base.codePoints().limit(FALLBACK_NAME_CHARS)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
                String extension = dot > 0 && name.length() - dot <= 8 ? name.substring(dot) : "";
                Path dir = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
                Path fallback = create(dir, "jremix-" + shortBase + "-", extension, 0, ownerOnly(dir),
                        content.getBytes(StandardCharsets.UTF_8));
                try {
                    readableAsAnyNewFile(fallback);
                } catch (IOException kept) {
                    // the copy stays readable by its owner alone, which beats no copy
                }
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
        Path tmp = create(dir, TEMP_PREFIX, 0, ownerOnly(dir), content.getBytes(StandardCharsets.UTF_8));
        try {
            readableAsAnyNewFile(tmp); // before the move: a reader of the target never finds it closed to them
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Creates a new file in {@code dir} and writes {@code content} through the same channel. Its name is
     * {@code prefix}, 16 random hex digits, as many {@code x} as make it {@code minBytes} long with the suffix, and
     * the suffix ({@code .tmp} after the temporary prefix, else {@code suffix}).
     */
    static Path create(Path dir, String prefix, String suffix, int minBytes, FileAttribute<?>[] attributes,
                       byte[] content) throws IOException {
        for (int attempt = 0; ; attempt++) {
            byte[] random = new byte[8];
            RANDOM.nextBytes(random);
            String name = prefix + HexFormat.of().formatHex(random);
            int bytes = (name + suffix).getBytes(fileNameCharset()).length;
            Path file = dir.resolve(name + "x".repeat(Math.max(0, minBytes - bytes)) + suffix);
            SeekableByteChannel channel;
            try {
                channel = Files.newByteChannel(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                        attributes);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 3) { // 64 random bits taken four times over: not chance
                    throw e;
                }
                continue;
            }
            try (channel) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                return file;
            } catch (IOException e) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException deleteFailure) {
                    e.addSuppressed(deleteFailure);
                }
                throw e;
            }
        }
    }

    private static Path create(Path dir, String prefix, int minBytes, FileAttribute<?>[] attributes, byte[] content)
            throws IOException {
        return create(dir, prefix, TEMP_SUFFIX, minBytes, attributes, content);
    }

    /** Readable and writable by the owner alone, where the file system has POSIX permissions. */
    static FileAttribute<?>[] ownerOnly(Path dir) {
        return posix(dir) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(Set.of(
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE))} : new FileAttribute<?>[0];
    }

    /**
     * Gives {@code file} the permissions of a new file in its directory (the umask's, or a default ACL's): those of
     * an empty file created there for the purpose, and deleted.
     */
    private static void readableAsAnyNewFile(Path file) throws IOException {
        Path dir = file.getParent();
        if (!posix(dir)) {
            return;
        }
        Path plain = create(dir, TEMP_PREFIX, 0, new FileAttribute<?>[0], new byte[0]);
        try {
            Files.setPosixFilePermissions(file, Files.getPosixFilePermissions(plain));
        } finally {
            Files.delete(plain);
        }
    }

    private static boolean posix(Path dir) {
        return dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** The charset file names are encoded in for the system, which counts their length in its bytes. */
    private static Charset fileNameCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding"));
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }
}
