package io.jremix.jmh;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.ProfilerException;

import io.jremix.options.Excerpt;

/**
 * What follows a profiler's name in JMH's {@code -prof NAME:key=value;key=value}: the keys it knows, each with a
 * default, or {@code help}, which JMH prints as the profiler's message. A key it does not know or a bad number is
 * refused with one line.
 */
final class ProfilerOptions {
    /** A key, its default and what it does, as the help shows it. */
    record Key(String name, String defaultValue, String doc) {
    }

    private final Map<String, String> values = new LinkedHashMap<>();

    private ProfilerOptions() {
    }

    static ProfilerOptions parse(String initLine, String description, List<Key> keys) throws ProfilerException {
        ProfilerOptions options = new ProfilerOptions();
        keys.forEach(k -> options.values.put(k.name(), k.defaultValue()));
        for (String item : initLine == null ? new String[0] : initLine.split(";")) {
            if (item.isEmpty()) {
                continue;
            }
            if (item.equals("help")) {
                throw new ProfilerException(help(description, keys));
            }
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            if (eq < 0 || !options.values.containsKey(key)) {
                throw new ProfilerException("jremix: error: unknown profiler option '" + Excerpt.of(item) + "': use "
                        + String.join(", ", keys.stream().map(k -> k.name() + "=").toList()) + " or help");
            }
            options.values.put(key, item.substring(eq + 1));
        }
        return options;
    }

    String text(String key) {
        return values.get(key);
    }

    int rows(String key) throws ProfilerException {
        String text = values.get(key);
        try {
            int n = Integer.parseInt(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, as a negative number is
        }
        throw new ProfilerException("jremix: error: bad value in '" + key + "=" + Excerpt.of(text)
                + "': expected a whole number, 0 or more");
    }

    private static String help(String description, List<Key> keys) {
        StringBuilder sb = new StringBuilder(description).append("\nOptions (-prof NAME:key=value;key=value):\n");
        for (Key k : keys) {
            String usage = k.name() + "=" + (k.defaultValue().isEmpty() ? "..." : k.defaultValue());
            sb.append(String.format(Locale.ROOT, "  %-20s %s%n", usage, k.doc()));
        }
        return sb.toString();
    }
}
