package io.jremix.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The file the attached agent writes its answer to, in a directory of this user's: read as it grows and printed
 * here, error lines on stderr, until the agent's last line gives the exit code. The directory is removed when the
 * command ends, or at the JVM's exit (Ctrl-C); a client killed outright leaves it, named with its pid, and the next
 * client removes it once that pid has gone.
 */
final class AttachChannel implements AutoCloseable {
    /** The agent's last line starts with this, then the exit code (the agent's AnswerChannel.END). */
    static final String END = "jremix-attach-end ";
    /** Then the client's pid, a dash, and what {@link Files#createTempDirectory} adds. */
    static final String PREFIX = "jremix-attach-";
    private static final String ERROR = "jremix: error: ";
    private static final long POLL_MILLIS = 100;

    private final Path dir;
    private final Path file;

    private AttachChannel(Path dir) {
        this.dir = dir;
        this.file = dir.resolve("answer.txt");
    }

    static AttachChannel create() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        sweep(tmp);
        String prefix = PREFIX + ProcessHandle.current().pid() + "-";
        AttachChannel c = new AttachChannel(Files.createTempDirectory(tmp, prefix));
        c.dir.toFile().deleteOnExit();
        Files.createFile(c.file);
        c.file.toFile().deleteOnExit(); // before the directory: the hook deletes in the reverse order
        return c;
    }

    /**
     * Removes, from {@code tmp}, the directories of clients that are gone (killed before they could remove their
     * own); a name without a pid, or a link, is left alone. Whatever cannot be removed now is left for another time.
     */
    static void sweep(Path tmp) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path d : dirs) {
                long pid = clientPid(d.getFileName().toString());
                if (pid > 0 && ProcessHandle.of(pid).isEmpty() && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        delete(d);
                    } catch (IOException | RuntimeException e) {
                        // another client's sweep got there first, or another user's: the command goes on
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // tmp cannot be read: nothing to sweep
        }
    }

    /** The pid in a directory name {@code jremix-attach-<pid>-...}, or -1. */
    static long clientPid(String name) {
        int dash = name.indexOf('-', PREFIX.length());
        try {
            return dash < 0 ? -1 : Long.parseLong(name.substring(PREFIX.length(), dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    Path file() {
        return file;
    }

    /** Prints the answer's lines as they come, and returns its exit code; 2 if the program ends first. */
    int relay(ProcessHandle program, PrintStream out, PrintStream err) throws IOException {
        StringBuilder pending = new StringBuilder();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            while (true) {
                boolean alive = program.isAlive(); // before reading: a last answer written before the end is read
                byte[] more = new byte[(int) (in.length() - in.getFilePointer())];
                in.readFully(more);
                pending.append(new String(more, StandardCharsets.UTF_8));
                for (int nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
                    String line = pending.substring(0, nl);
                    pending.delete(0, nl + 1);
                    if (line.startsWith(END)) {
                        return Integer.parseInt(line.substring(END.length()).trim());
                    }
                    (line.startsWith(ERROR) ? err : out).println(line);
                }
                if (!alive) {
                    err.println(ERROR + "process " + program.pid() + " ended before jremix finished there");
                    return AttachCommand.FAILED;
                }
                sleep();
            }
        }
    }

    private static void sleep() throws IOException {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    @Override
    public void close() throws IOException {
        delete(dir);
    }

    /** A directory and what it holds; links are removed, never followed. */
    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
