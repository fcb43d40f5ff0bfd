package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/**
 * A relaxed-pattern glob: {@code *} matches any run of characters, everything else itself. It is matched without
 * regular expressions or backtracking: the literal before the first {@code *} must start the name, the one after the
 * last must end it, and those between are found left to right, each at its first place after the one before (the
 * earliest place never loses a match). Runs of {@code *} are one.
 */
final class Glob {
    private final String first;
    private final List<String> middle = new ArrayList<>();
    private final String last;

    Glob(String pattern) {
        String[] parts = pattern.split("\\*", -1);
        first = parts[0];
        last = parts.length == 1 ? null : parts[parts.length - 1];
        for (int i = 1; i < parts.length - 1; i++) {
            if (!parts[i].isEmpty()) {
                middle.add(parts[i]);
            }
        }
    }

    boolean matches(String name) {
        if (last == null) {
            return name.equals(first);
        }
        if (!name.startsWith(first)) {
            return false;
        }
        int from = first.length();
        for (String literal : middle) {
            int at = name.indexOf(literal, from);
            if (at < 0) {
                return false;
            }
            from = at + literal.length();
        }
        return name.length() - from >= last.length() && name.endsWith(last);
    }
}
