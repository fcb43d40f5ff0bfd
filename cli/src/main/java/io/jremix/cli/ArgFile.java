package io.jremix.cli;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.jremix.options.InputFile;

/**
 * The arguments in a {@code java @file}, read as the JDK launcher reads them (libjli's args.c, the same in JDK 17
 * to 25): words separated by white space; single or double quotes keep white space; inside quotes a backslash
 * escapes ({@code \n \r \t \f}, any other character stands for itself) and a backslash at the end of a line joins
 * the next line without its leading white space; a line break ends a word even inside quotes; {@code #} outside
 * quotes starts a comment to the end of the line and drops the word it interrupts.
 */
final class ArgFile {
    /** The largest argument file read: a class path of ten thousand jars takes about two megabytes. */
    static final int MAX_BYTES = 64 * 1024 * 1024;

    private ArgFile() {
    }

    /**
     * The words of {@code file}, or empty when it does not exist or cannot be opened (java then reports that
     * itself). A FIFO, device or directory, or a file larger than {@value #MAX_BYTES} bytes, is refused: jremix reads
     * the file before java does, and would take a FIFO's words from java or never end reading a device. A byte the
     * charset cannot decode reads as a replacement character, not as an error: java takes the file's bytes as they
     * are, and jremix only looks for where its words end.
     */
    static Optional<List<String>> read(String file) throws LaunchException {
        try {
            return Optional.of(words(new String(InputFile.bytes(Path.of(file), MAX_BYTES), nativeCharset())));
        } catch (InputFile.Refused e) {
            throw new LaunchException("argument file @" + file + ": " + e.getMessage()
                    + " (jremix reads argument files before java does)");
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The charset the JDK launcher reads the file's bytes in. */
    private static Charset nativeCharset() {
        String name = System.getProperty("native.encoding");
        return name == null || !Charset.isSupported(name) ? Charset.defaultCharset() : Charset.forName(name);
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null; // null between words
        char quote = 0;            // the quote the word is inside, or 0
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                addIfStarted(words, word);
                word = null;
                quote = 0;
            } else if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && i + 1 < n) {
                    i = escape(text, i + 1, word);
                } else {
                    word.append(c);
                }
            } else if (c == ' ' || c == '\t' || c == '\f') {
                addIfStarted(words, word);
                word = null;
            } else if (c == '#') {
                word = null;
                i = endOfLine(text, i) - 1;
            } else {
                if (word == null) {
                    word = new StringBuilder();
                }
                if (c == '"' || c == '\'') {
                    quote = c;
                } else {
                    word.append(c);
                }
            }
        }
        if (word != null && !word.isEmpty()) { // an empty last word ("" at the very end) is dropped, as java does
            words.add(word.toString());
        }
        return words;
    }

    /** Appends the escape at {@code i} (just after a backslash inside quotes); returns the index of its last character. */
    private static int escape(String text, int i, StringBuilder word) {
        char e = text.charAt(i);
        if (e == '\n' || e == '\r') { // the word goes on after the next line's leading white space
            int j = i + 1;
            while (j < text.length() && " \t\f\r\n".indexOf(text.charAt(j)) >= 0) {
                j++;
            }
            return j - 1;
        }
        word.append(switch (e) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'f' -> '\f';
            default -> e;
        });
        return i;
    }

    private static int endOfLine(String text, int from) {
        int i = from;
        while (i < text.length() && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
            i++;
        }
        return i;
    }

    private static void addIfStarted(List<String> words, StringBuilder word) {
        if (word != null) {
            words.add(word.toString());
        }
    }
}
