package io.jremix.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * POSIX sh words for {@code eval "exec \"\$java\" $words"} in bin/jremix: jremix's own arguments as references to
 * the script's positional parameters ({@code "$3"}, {@code "${12}"}), so their bytes never pass through Java's
 * decoding, and the words jremix adds single-quoted ({@code '} written as {@code '\''}), where nothing is special.
 */
final class PosixShell implements Shell {
    @Override
    public String render(List<Word> command) {
        List<String> words = new ArrayList<>();
        for (Word w : command) {
            words.add(w.isArgument() ? "\"${" + (w.argument() + 1) + "}\"" : quote(w.text()));
        }
        return String.join(" ", words);
    }

    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
