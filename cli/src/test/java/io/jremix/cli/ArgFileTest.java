package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An argfile's words as jremix reads them are the words the JDK running the tests reads from it. */
class ArgFileTest {
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
    void wordsAreJavas(String text) throws IOException, InterruptedException {
        Path file = dir.resolve("args");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        assertEquals(javasWords(file), ArgFile.words(text));
        assertEquals(javasWords(file), ArgFile.read(file.toString()).orElseThrow());
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
