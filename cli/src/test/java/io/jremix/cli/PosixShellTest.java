package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The words bin/jremix evaluates, evaluated by the system's sh (dash on Debian) exactly as the script does. */
class PosixShellTest {
    private static final List<String> AWKWARD = List.of("a b", "x,y", "back\\slash\\", "it's", "\"q\"", "$HOME",
            "`date`", "$(date)", "*", "", "line\nbreak", "tab\there", "-n", "\u00e9t\u00e9", "'", "\\'", "%s");

    @Test
    void addedWordsAndArgumentsComeOutAsTheyWent() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh");
        List<Word> command = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < AWKWARD.size(); i++) { // each awkward text as an added word and as argument i
            command.add(Word.added(AWKWARD.get(i)));
            command.add(Word.argument(i, "ignored: the shell has it"));
            expected.add(AWKWARD.get(i));
            expected.add(AWKWARD.get(i));
        }
        assertEquals(expected, evaluate(new PosixShell().render(command), AWKWARD));
    }

    /** Runs {@code eval "set -- $words"} with {@code args} as the positional parameters and returns the result. */
    private static List<String> evaluate(String words, List<String> args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-euc",
                "words=$1; shift; eval \"set -- $words\"; for w in \"$@\"; do printf '%s\\0' \"$w\"; done", "sh", words));
        argv.addAll(args);
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        List<String> result = new ArrayList<>(List.of(out.split("\0", -1)));
        result.remove(result.size() - 1); // after the last NUL
        return result;
    }
}
