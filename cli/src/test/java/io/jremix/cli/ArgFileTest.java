package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An argfile's words as jremix reads them are the words the JDK running the tests reads from it. */
class ArgFileTest {
    /** Only against a hang: reading a FIFO waits for a writer for good. */
    private static final Duration NO_HANG = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "-Dx=1 -cp app.jar\n",
        "  -Da=\"b c\"\t'-Dd=e f'\n\n-Dlast",
        "-Dq=\"it's\" -Dr='say \"hi\"' -Dback=a\\b -Dinq=\"a\\\\b\\tc\\nd\\qe\"",
        "-Dcont=\"first \\\n      second\" -Dx=1",
        "-Dopen=\"unterminated\n-Dnext=1",
        "# a comment\n-Da=1 # another\n-Db=2#not\n-Dc=\"#kept\"",
        "-Dempty=\"\" \"\" -De=1 \"\"",
        "-Dcrlf=1\r\n-Dd=2\r\n",
    })
    void wordsAreJavas(String text) throws IOException, InterruptedException, LaunchException {
        Path file = dir.resolve("args");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        assertEquals(javasWords(file), ArgFile.words(text));
        assertEquals(javasWords(file), ArgFile.read(file.toString()).orElseThrow());
    }

    /** jremix reads an argfile before java does: what would block it, or never end, is refused without a read. */
    @Test
    void aFifoADeviceOrADirectoryIsRefusedInOneLine() throws Exception {
        Path fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is not here");
        for (Path file : List.of(fifo, Path.of("/dev/zero"))) {
            assertEquals("argument file @" + file + ": not a regular file (a FIFO, device or socket), which jremix"
                    + " does not read (jremix reads argument files before java does)",
                    assertTimeoutPreemptively(NO_HANG, () -> assertThrows(LaunchException.class,
                            () -> ArgFile.read(file.toString()))).getMessage());
        }
        assertThrows(LaunchException.class, () -> ArgFile.read(dir.toString()));
        assertEquals(Optional.empty(), ArgFile.read(dir.resolve("missing").toString()), "java says so");
    }

    /** java's launcher takes an argfile's bytes as they are; so does jremix, where it only looks for the main class. */
    @Test
    void bytesTheCharsetCannotDecodeDoNotStopTheWords() throws Exception {
        Path file = dir.resolve("args");
        Files.write(file, new byte[] {'-', 'D', 'a', '=', (byte) 0xe9, (byte) 0xff, ' ', 'M', 'a', 'i', 'n'});
        List<String> words = ArgFile.read(file.toString()).orElseThrow();
        assertEquals(2, words.size(), words.toString());
        assertEquals("Main", words.get(1));
    }

    /** The words java reads from the file: put after a main class in an argfile, they are the program's arguments. */
    private List<String> javasWords(Path file) throws IOException, InterruptedException {
        Path run = dir.resolve("run");
        Files.writeString(run, PrintArguments.class.getName() + "\n" + Files.readString(file), StandardCharsets.UTF_8);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "@" + run)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        List<String> words = new ArrayList<>(List.of(out.split("\0", -1)));
        words.remove(words.size() - 1); // after the last NUL
        return words;
    }
}
