package io.jremix.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The file the attached agent writes its answer to, in a directory of this user's: read as it grows and printed
 * here, error lines on stderr, until the agent's last line gives the exit code.
 */
final class AttachChannel implements AutoCloseable {
    /** The agent's last line starts with this, then the exit code (agent's Channel.END). */
    static final String END = "jremix-attach-end ";
    private static final String ERROR = "jremix: error: ";
    private static final long POLL_MILLIS = 100;

    private final Path dir;
    private final Path file;

    private AttachChannel(Path dir) {
        this.dir = dir;
        this.file = dir.resolve("answer.txt");
    }

    static AttachChannel create() throws IOException {
        AttachChannel c = new AttachChannel(Files.createTempDirectory("jremix-attach"));
        Files.createFile(c.file);
        return c;
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
                    return AttachMain.FAILED;
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
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
