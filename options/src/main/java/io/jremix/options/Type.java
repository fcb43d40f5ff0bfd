package io.jremix.options;

import java.math.BigDecimal;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * How an option's value is written, read and shown: the placeholder in the usage ({@code <n>}), the range the docs
 * state, the reader that turns the text into a value or names what is wrong, and how a default is shown.
 *
 * @param <T> the value's type
 */
public final class Type<T> {
    /** Turns the text of a value into the value; a bad one throws with what is wrong, e.g. "must be from 1 to 9". */
    @FunctionalInterface
    interface Reader<T> {
        T read(String value) throws BadValue;
    }

    /** What is wrong with a value; the parser puts it after "bad value in 'OPTION': ". */
    static final class BadValue extends Exception {
        private static final long serialVersionUID = 1L;

        BadValue(String problem) {
            super(problem);
        }
    }

    /** On or off: {@code -XX:+Name}, {@code -XX:-Name}, or a sub-option written alone. */
    public static final Type<Boolean> FLAG = new Type<>("", "on or off", v -> true, b -> b ? "on" : "off");

    private final String placeholder;
    private final String range;
    private final Reader<T> reader;
    private final Function<T, String> shown;

    private Type(String placeholder, String range, Reader<T> reader, Function<T, String> shown) {
        this.placeholder = placeholder;
        this.range = range;
        this.reader = reader;
        this.shown = shown;
    }

    /** A whole number from {@code min} to {@code max}. */
    public static Type<Long> wholeNumber(long min, long max) {
        return new Type<>("<n>", max == Long.MAX_VALUE ? min + " or more" : min + " to " + max,
                v -> within(number(v), min, max), String::valueOf);
    }

    /** A number of seconds from {@code min} to {@code max}, fractions allowed. */
    public static Type<Double> decimalSeconds(double min, double max) {
        return new Type<>("<seconds>", plain(min) + " to " + plain(max), v -> decimal(v, min, max), Type::plain);
    }

    /** A percentage from {@code min} to {@code max}, fractions allowed, with or without a {@code %} sign. */
    public static Type<Double> percent(double min, double max) {
        return new Type<>("<percent>", plain(min) + " to " + plain(max) + "; 2, 0.5 or 2%",
                v -> decimal(v.endsWith("%") ? v.substring(0, v.length() - 1) : v, min, max), Type::plain);
    }

    /** Values of {@code element}, separated by commas, each once. */
    public static <E> Type<List<E>> listOf(Type<E> element) {
        return new Type<>(element.placeholder + ",...", element.range + ", comma-separated", v -> {
            List<E> list = new ArrayList<>();
            for (String item : v.split(",", -1)) {
                E e = element.read(item);
                if (!list.contains(e)) {
                    list.add(e);
                }
            }
            return List.copyOf(list);
        }, list -> String.join(",", list.stream().map(element::show).toList()));
    }

    /** A power of two from {@code min} to {@code max} bytes. */
    public static Type<Long> powerOfTwo(long min, long max) {
        return new Type<>("<bytes>", "a power of two, " + min + " to " + max, v -> {
            long n = within(number(v), min, max);
            if (Long.bitCount(n) != 1) {
                throw new BadValue("must be a power of two");
            }
            return n;
        }, String::valueOf);
    }

    /**
     * A duration in seconds, in nanoseconds: {@code 3}, {@code 2.5s} or {@code 500ms}.
     *
     * @param positive whether zero is refused
     */
    public static Type<Long> seconds(boolean positive) {
        return new Type<>("<seconds>", positive ? "more than 0; 3, 2.5s, 500ms" : "0 or more; 3, 2.5s, 500ms", v -> {
            long nanos = nanos(v);
            if (positive && nanos <= 0) {
                throw new BadValue("must be longer than zero");
            }
            return nanos;
        }, n -> new BigDecimal(n).movePointLeft(9).stripTrailingZeros().toPlainString());
    }

    /** A file name, made absolute against the directory the JVM started in. */
    public static Type<Path> file() {
        return new Type<>("<file>", "a file name", v -> {
            if (v.isEmpty()) {
                throw new BadValue("expected a file name");
            }
            try {
                return Path.of(v).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new BadValue(e.getReason()); // the message would quote the whole value again
            }
        }, p -> p == null ? "none" : p.toString());
    }

    /** One of {@code words}. */
    public static Type<String> oneOf(String... words) {
        String all = String.join("|", words);
        return new Type<>("<" + all + ">", all, v -> {
            for (String w : words) {
                if (w.equals(v)) {
                    return w;
                }
            }
            throw new BadValue("use " + String.join(" or ", words));
        }, String::valueOf);
    }

    String placeholder() {
        return placeholder;
    }

    /** The values allowed, for the docs' tables. */
    public String range() {
        return range;
    }

    T read(String value) throws BadValue {
        return reader.read(value);
    }

    String show(T value) {
        return shown.apply(value);
    }

    private static String plain(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    private static double decimal(String value, double min, double max) throws BadValue {
        double d;
        try {
            d = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new BadValue("expected a number");
        }
        if (!(d >= min && d <= max)) {
            throw new BadValue("must be from " + plain(min) + " to " + plain(max));
        }
        return d;
    }

    private static long number(String value) throws BadValue {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new BadValue("expected a whole number");
        }
    }

    private static long within(long v, long min, long max) throws BadValue {
        if (v < min || v > max) {
            throw new BadValue("must be from " + min + " to " + max);
        }
        return v;
    }

    private static long nanos(String value) throws BadValue {
        String v = value.trim().toLowerCase(Locale.ROOT);
        double scale = 1e9;
        if (v.endsWith("ms")) {
            scale = 1e6;
            v = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            v = v.substring(0, v.length() - 1);
        }
        try {
            double d = Double.parseDouble(v);
            if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return (long) (d * scale);
        } catch (NumberFormatException e) {
            throw new BadValue("expected seconds, e.g. 3, 2.5s or 500ms");
        }
    }
}
