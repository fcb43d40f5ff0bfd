package io.jremix.options;

/**
 * A short quote of what a user gave (an option, a line of a file, a JSON token) for a one-line message: at most
 * {@value #LIMIT} characters, then {@code ...}; control characters (line breaks, NUL) and unpaired surrogates are
 * shown as {@code ?}. So a message stays one line of bounded length whatever the input was.
 */
public final class Excerpt {
    /** The characters of the input a message quotes at most. */
    public static final int LIMIT = 60;

    private Excerpt() {
    }

    public static String of(CharSequence text) {
        int n = Math.min(text.length(), LIMIT);
        StringBuilder sb = new StringBuilder(n + 3);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                sb.append(c).append(text.charAt(++i));
            } else {
                sb.append(Character.isISOControl(c) || Character.isSurrogate(c) ? '?' : c);
            }
        }
        return text.length() > LIMIT ? sb.append("...").toString() : sb.toString();
    }
}
