package io.jremix.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Read-only, forgiving access to a parsed JSON report: a missing key or a value of another type reads as empty,
 * so that a renderer shows what a report has, whatever version or extra keys it comes with.
 */
record JsonView(Object value) {
    static final JsonView EMPTY = new JsonView(null);

    JsonView get(String key) {
        return value instanceof Map<?, ?> m && m.get(key) != null ? new JsonView(m.get(key)) : EMPTY;
    }

    boolean present() {
        return value != null;
    }

    String text() {
        return value == null ? "" : value.toString();
    }

    String text(String key) {
        return get(key).text();
    }

    double number(String key) {
        return get(key).number();
    }

    /** This value as a number, 0 if it is not one. */
    double number() {
        return value instanceof Number n ? n.doubleValue() : 0;
    }

    boolean flag(String key) {
        return Boolean.TRUE.equals(get(key).value);
    }

    List<JsonView> list(String key) {
        return get(key).items();
    }

    /** The elements of this array, none if it is not one. */
    List<JsonView> items() {
        List<JsonView> out = new ArrayList<>();
        if (value instanceof List<?> l) {
            l.forEach(o -> out.add(new JsonView(o)));
        }
        return out;
    }

    /** The members of an object, in order. */
    List<Map.Entry<String, JsonView>> entries(String key) {
        List<Map.Entry<String, JsonView>> out = new ArrayList<>();
        if (get(key).value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.add(Map.entry(String.valueOf(k), new JsonView(v))));
        }
        return out;
    }
}
