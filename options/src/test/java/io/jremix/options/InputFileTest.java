package io.jremix.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFileTest {
    /** Only against a hang: a reader that opened a FIFO would wait for a writer for good. */
    private static final Duration NO_HANG = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private static String refusal(Path file, int maxBytes) {
        return assertTimeoutPreemptively(NO_HANG,
                () -> assertThrows(InputFile.Refused.class, () -> InputFile.utf8(file, maxBytes)).getMessage());
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is not here");
        assertEquals("not a regular file (a FIFO, device or socket), which jremix does not read", refusal(fifo, 100));
    }

    @Test
    void aDeviceAndADirectoryAreRefused() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        assertEquals("not a regular file (a FIFO, device or socket), which jremix does not read", refusal(zero, 100));
        assertEquals("a directory, not a file", refusal(dir, 100));
    }

    @Test
    void aFileLargerThanTheLimitIsRefusedFromItsSize() throws IOException {
        Path big = dir.resolve("big");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L * 1024 * 1024 * 1024); // sparse: were it read, the test would run out of memory
        }
        assertEquals("larger than 1 MiB, the most jremix reads of such a file", refusal(big, 1024 * 1024));
        Files.write(big, new byte[101]);
        assertEquals("larger than 100 bytes, the most jremix reads of such a file", refusal(big, 100));
        Files.write(big, new byte[100]);
        assertArrayEquals(new byte[100], InputFile.bytes(big, 100), "the limit itself is allowed");
    }

    @Test
    void bytesThatAreNotUtf8AreNamedByOffsetAndLine() throws IOException {
        Path file = dir.resolve("latin1.txt");
        Files.write(file, new byte[] {'a', '\n', 'b', '\n', 'c', 'a', 'f', (byte) 0xe9, '\n'});
        assertEquals("not UTF-8: byte 0xe9 at offset 7 (line 3)", refusal(file, 100));
        Files.write(file, new byte[] {'a', (byte) 0xc3}); // a sequence cut short at the end
        assertEquals("not UTF-8: byte 0xc3 at offset 1 (line 1)", refusal(file, 100));
    }

    @Test
    void utf8IsDecoded() throws IOException {
        Path file = dir.resolve("ok.txt");
        Files.writeString(file, "caf\u00e9 \u20ac \ud83d\ude00\0\n");
        assertEquals("caf\u00e9 \u20ac \ud83d\ude00\0\n", InputFile.utf8(file, 100));
    }

    @Test
    void aMissingFileIsTheFileSystemsError() {
        assertThrows(NoSuchFileException.class, () -> InputFile.utf8(dir.resolve("missing"), 100));
    }
}
