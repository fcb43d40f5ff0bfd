package io.jremix.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.options.Excerpt;

/**
 * Minimal JSON: {@link #write} renders maps, lists, strings, numbers, booleans and null, indented;
 * {@link #parse} reads a document back into the same types (objects as insertion-ordered maps, integers as
 * {@code Long}, other numbers as {@code Double}). Enough for jremix's reports and profiles, without a dependency.
 * The parser reads at most {@value #MAX_LENGTH} characters nested at most {@value #MAX_DEPTH} deep: jremix's
 * documents nest fewer than ten.
 */
public final class Json {
    public static final int MAX_LENGTH = 64 * 1024 * 1024;
    public static final int MAX_DEPTH = 100;

    private Json() {
    }

    /**
     * A document that does not parse, or exceeds a limit: the one-line reason and the offset. An
     * {@link IOException}, as a file that cannot be read is, for the callers that read documents from files.
     */
    public static final class MalformedJsonException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedJsonException(String message) {
            super(message);
        }
    }

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object v, int indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            quote(sb, s);
        } else if (v instanceof Double d) {
            sb.append(d.isNaN() || d.isInfinite() ? "null" : number(d));
        } else if (v instanceof Float f) {
            write(sb, f.doubleValue(), indent);
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Map<?, ?> m) {
            writeObject(sb, m, indent);
        } else if (v instanceof Iterable<?> it) {
            writeArray(sb, it, indent);
        } else {
            quote(sb, v.toString());
        }
    }

    private static void writeObject(StringBuilder sb, Map<?, ?> m, int indent) {
        if (m.isEmpty()) {
            sb.append("{}");
            return;
        }
        sb.append('{');
        String sep = "\n";
        for (Map.Entry<?, ?> e : m.entrySet()) {
            sb.append(sep);
            pad(sb, indent + 1);
            quote(sb, String.valueOf(e.getKey()));
            sb.append(": ");
            write(sb, e.getValue(), indent + 1);
            sep = ",\n";
        }
        sb.append('\n');
        pad(sb, indent);
        sb.append('}');
    }

    private static void writeArray(StringBuilder sb, Iterable<?> items, int indent) {
        List<Object> list = new ArrayList<>();
        items.forEach(list::add);
        if (list.isEmpty()) {
            sb.append("[]");
            return;
        }
        boolean simple = list.stream().noneMatch(o -> o instanceof Map || o instanceof Iterable);
        sb.append('[');
        for (int i = 0; i < list.size(); i++) {
            sb.append(i == 0 ? "" : ",");
            if (simple) {
                sb.append(i == 0 ? "" : " ");
            } else {
                sb.append('\n');
                pad(sb, indent + 1);
            }
            write(sb, list.get(i), indent + 1);
        }
        if (!simple) {
            sb.append('\n');
            pad(sb, indent);
        }
        sb.append(']');
    }

    private static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    private static void pad(StringBuilder sb, int indent) {
        sb.append("  ".repeat(indent));
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** An object of the given keys and values, in order: {@code Json.object("a", 1, "b", 2)}. */
    public static Map<String, Object> object(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Parses one JSON document. */
    public static Object parse(String text) throws MalformedJsonException {
        if (text.length() > MAX_LENGTH) {
            throw new MalformedJsonException("JSON: longer than " + MAX_LENGTH + " characters");
        }
        Parser p = new Parser(text);
        Object v = p.value();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the document");
        }
        return v;
    }

    /** Recursive-descent reader over one string. */
    private static final class Parser {
        private final String s;
        private int pos;
        private int depth;

        Parser(String s) {
            this.s = s;
        }

        Object value() throws MalformedJsonException {
            skipSpace();
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(pos);
            return switch (c) {
                case '{', '[' -> nested(c);
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> number();
            };
        }

        /** An object or array, one level deeper: recursion stops at the limit, long before the thread's stack would. */
        private Object nested(char open) throws MalformedJsonException {
            if (++depth > MAX_DEPTH) {
                throw error("nested deeper than " + MAX_DEPTH);
            }
            Object v = open == '{' ? object() : array();
            depth--;
            return v;
        }

        private Map<String, Object> object() throws MalformedJsonException {
            Map<String, Object> m = new LinkedHashMap<>();
            pos++;
            skipSpace();
            if (peek('}')) {
                return m;
            }
            do {
                skipSpace();
                if (pos >= s.length() || s.charAt(pos) != '"') {
                    throw error("expected a member name");
                }
                String key = string();
                skipSpace();
                expect(':');
                m.put(key, value());
                skipSpace();
            } while (peek(','));
            expect('}');
            return m;
        }

        private List<Object> array() throws MalformedJsonException {
            List<Object> l = new ArrayList<>();
            pos++;
            skipSpace();
            if (peek(']')) {
                return l;
            }
            do {
                l.add(value());
                skipSpace();
            } while (peek(','));
            expect(']');
            return l;
        }

        private String string() throws MalformedJsonException {
            StringBuilder sb = new StringBuilder();
            pos++;
            while (pos < s.length()) {
                char c = s.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (pos >= s.length()) {
                    break;
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> sb.append(hexChar());
                    default -> sb.append(e);
                }
            }
            throw error("unterminated string");
        }

        /** The character of a unicode escape: exactly four hex digits. */
        private char hexChar() throws MalformedJsonException {
            int c = 0;
            for (int end = pos + 4; pos < end; pos++) {
                int digit = pos < s.length() ? Character.digit(s.charAt(pos), 16) : -1;
                if (digit < 0) {
                    throw error("bad \\u escape");
                }
                c = c * 16 + digit;
            }
            return (char) c;
        }

        private Object number() throws MalformedJsonException {
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                pos++;
            }
            String n = s.substring(start, pos);
            if (n.isEmpty()) {
                throw unexpected();
            }
            try {
                return n.contains(".") || n.contains("e") || n.contains("E") ? (Object) Double.parseDouble(n)
                        : (Object) Long.parseLong(n);
            } catch (NumberFormatException e) {
                throw error("bad number '" + Excerpt.of(n) + "'");
            }
        }

        private Object literal(String word, Object v) throws MalformedJsonException {
            if (!s.startsWith(word, pos)) {
                throw unexpected();
            }
            pos += word.length();
            return v;
        }

        private boolean peek(char c) {
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void expect(char c) throws MalformedJsonException {
            skipSpace();
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        private MalformedJsonException unexpected() {
            return error("unexpected character '" + Excerpt.of(s.substring(pos, pos + 1)) + "'");
        }

        MalformedJsonException error(String what) {
            return new MalformedJsonException("JSON: " + what + " at offset " + pos);
        }
    }
}
