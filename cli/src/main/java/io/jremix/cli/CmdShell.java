package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Arguments for the line {@code "%java%" %args%} in bin/jremix.cmd. Each is quoted for the C runtime's parsing of a
 * command line, which java.exe uses (backslashes double before a quote, a quote becomes {@code \"}), then every
 * character cmd treats specially gets a caret, quotes included, so that cmd never enters a quoted state and passes
 * the text through unchanged. cmd has no way to write a line break inside an argument.
 */
final class CmdShell implements Shell {
    private static final String CMD_SPECIAL = "()[]%!^\"`<>&|;, *?=\t";

    @Override
    public String render(List<Word> command) throws LaunchException {
        List<String> words = new ArrayList<>();
        for (Word w : command) {
            if (w.text().indexOf('\n') >= 0 || w.text().indexOf('\r') >= 0) {
                throw new LaunchException("cmd cannot pass an argument with a line break: '" + w.text() + "'");
            }
            words.add(caretEscape(quote(w.text())));
        }
        return String.join(" ", words);
    }

    /** The C runtime's quoting: the argument in quotes, backslashes doubled where they precede a quote. */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder("\"");
        int backslashes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                backslashes++;
                continue;
            }
            sb.append("\\".repeat(c == '"' ? 2 * backslashes + 1 : backslashes)).append(c);
            backslashes = 0;
        }
        return sb.append("\\".repeat(2 * backslashes)).append('"').toString();
    }

    static String caretEscape(String text) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (CMD_SPECIAL.indexOf(c) >= 0) {
                sb.append('^');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
