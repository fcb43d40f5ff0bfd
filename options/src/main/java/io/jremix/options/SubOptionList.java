package io.jremix.options;

import java.util.ArrayList;
import java.util.List;

/**
 * The list after a group's colon, {@code -XXgetparkcontention:rows=5,report=out.json}: sub-options separated by
 * commas. A value in double or single quotes keeps its commas, as HotSpot reads
 * {@code -XX:StartFlightRecording:filename="a,b.jfr"}: {@code report="runs/a,b.json"}. The quotes are not part of
 * the value; a quote anywhere else than first in a value is an ordinary character.
 */
public final class SubOptionList {
    private SubOptionList() {
    }

    /** The sub-options of {@code list}, each as typed, quotes included; throws with the problem if one is malformed. */
    public static List<String> split(String list) throws OptionException {
        List<String> items = new ArrayList<>();
        int start = 0;
        while (start <= list.length()) {
            int end = itemEnd(list, start);
            items.add(list.substring(start, end));
            start = end + 1;
        }
        return items;
    }

    /** The value of a {@code name=value} sub-option as {@link #split} gave it, without its quotes. */
    public static String value(String item) {
        String v = item.substring(item.indexOf('=') + 1);
        return quoted(v, 0) ? v.substring(1, v.length() - 1) : v;
    }

    /** {@code value} written so that {@link #split} and {@link #value} read it back: in quotes if it needs them. */
    public static String quote(String value) throws OptionException {
        if (value.indexOf(',') < 0 && !value.startsWith("\"") && !value.startsWith("'")) {
            return value;
        }
        for (String q : List.of("\"", "'")) {
            if (!value.contains(q)) {
                return q + value + q;
            }
        }
        throw new OptionException("'" + value + "' has a comma and both kinds of quote: no sub-option can hold it");
    }

    /** Where the sub-option starting at {@code start} ends: the comma after it, or the end of the list. */
    private static int itemEnd(String list, int start) throws OptionException {
        int eq = list.indexOf('=', start);
        int comma = list.indexOf(',', start);
        boolean hasValue = eq >= 0 && (comma < 0 || eq < comma);
        if (!hasValue || !quoted(list, eq + 1)) {
            return comma < 0 ? list.length() : comma;
        }
        char quote = list.charAt(eq + 1);
        int close = list.indexOf(quote, eq + 2);
        if (close < 0) {
            throw new OptionException("the quote opened in '" + list.substring(start) + "' is not closed");
        }
        if (close + 1 < list.length() && list.charAt(close + 1) != ',') {
            throw new OptionException("'" + list.substring(start) + "' goes on after its closing quote, where a"
                    + " comma must follow");
        }
        return close + 1;
    }

    private static boolean quoted(String text, int at) {
        return at < text.length() && (text.charAt(at) == '"' || text.charAt(at) == '\'');
    }
}
