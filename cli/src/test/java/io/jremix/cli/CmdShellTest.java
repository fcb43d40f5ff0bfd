package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * bin/jremix.cmd cannot run here, so this checks the line against a model of what Windows does with it: cmd
 * removes each caret and keeps the character after it (no quote state is ever entered, as every quote has one),
 * then java.exe splits the line by the C runtime's rules, as Microsoft documents them for "Parsing C++ command-line
 * arguments".
 */
class CmdShellTest {
    @Test
    void theCRuntimeQuotingMatchesMicrosoftsExamples() {
        // the documented examples, read backwards: each argument list and the command line that gives it
        assertEquals(List.of("a b c", "d", "e"), parse("\"a b c\" d e"));
        assertEquals(List.of("ab\"c", "\\", "d"), parse("\"ab\\\"c\" \"\\\\\" d"));
        assertEquals(List.of("a\\\\\\b", "de fg", "h"), parse("a\\\\\\b d\"e f\"g h"));
        assertEquals(List.of("a\\\"b", "c", "d"), parse("a\\\\\\\"b c d"));
        assertEquals(List.of("a\\\\b c", "d", "e"), parse("a\\\\\\\\\"b c\" d e"));
        assertEquals("\"a\\\\\\\"b\"", CmdShell.quote("a\\\"b"));
        assertEquals("\"dir\\\\\"", CmdShell.quote("dir\\"));
    }

    @Test
    void argumentsSurviveCmdAndTheCRuntime() throws LaunchException {
        List<String> args = List.of("a b", "x,y", "C:\\dir\\", "C:\\Program Files\\x\\\\", "\"q\"", "\\\"", "100%",
                "%PATH%", "!x!", "a&b|c<d>e^f", "(x)", "", "\u00e9", "=");
        List<Word> words = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            words.add(i % 2 == 0 ? Word.added(args.get(i)) : Word.argument(i, args.get(i)));
        }
        String line = new CmdShell().render(words);
        assertEquals(args, parse(uncaret(line)));
    }

    @Test
    void cmdCannotPassALineBreak() {
        assertThrows(LaunchException.class, () -> new CmdShell().render(List.of(Word.added("a\nb"))));
    }

    private static String uncaret(String line) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                throw new AssertionError("a quote without a caret would make cmd enter a quoted state: " + line);
            }
            if (c == '^') {
                c = line.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** The C runtime's split of a command line into arguments. */
    private static List<String> parse(String line) {
        List<String> args = new ArrayList<>();
        StringBuilder arg = null;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if ((c == ' ' || c == '\t') && !quoted) {
                if (arg != null) {
                    args.add(arg.toString());
                    arg = null;
                }
                continue;
            }
            if (arg == null) {
                arg = new StringBuilder();
            }
            if (c == '\\') {
                int n = 0;
                while (i < line.length() && line.charAt(i) == '\\') {
                    n++;
                    i++;
                }
                if (i < line.length() && line.charAt(i) == '"') {
                    arg.append("\\".repeat(n / 2));
                    if (n % 2 == 1) {
                        arg.append('"');
                        continue;
                    }
                } else {
                    arg.append("\\".repeat(n));
                }
                i--;
            } else if (c == '"') {
                quoted = !quoted;
            } else {
                arg.append(c);
            }
        }
        if (arg != null) {
            args.add(arg.toString());
        }
        return args;
    }
}
