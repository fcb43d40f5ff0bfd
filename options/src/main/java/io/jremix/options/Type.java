package io.jremix.options;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * Numbers as the docs write them: ASCII digits, a fraction after a point, no sign, no spaces. Java's own
     * parsers take more ({@code +5}, {@code 1d}, {@code 0x1p3}, Arabic and fullwidth digits), which no one means.
     */
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    /** A duration: a decimal and its unit, none for seconds. */
    private static final Pattern DURATION = Pattern.compile("(" + DECIMAL.pattern() + ")(s|ms)?");
    /** The placeholder of every type whose value names a file. */
    private static final String FILE = "<file>";

    private final String placeholder;
    private final String range;
    private final Reader<T> reader;
    private final Function<T, String> shown;
    private final boolean output;

    private Type(String placeholder, String range, Reader<T> reader, Function<T, String> shown) {
        this(placeholder, range, reader, shown, false);
    }

    private Type(String placeholder, String range, Reader<T> reader, Function<T, String> shown, boolean output) {
        this.placeholder = placeholder;
        this.range = range;
        this.reader = reader;
        this.shown = shown;
        this.output = output;
    }

    /** A whole number from {@code min} to {@code max}. */
    public static Type<Long> wholeNumber(long min, long max) {
        return new Type<>("<n>", max == Long.MAX_VALUE ? min + " or more" : min + " to " + max,
                v -> number(v, min, max), String::valueOf);
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
            long n = number(v, min, max);
            if (Long.bitCount(n) != 1) {
                throw new BadValue("must be a power of two");
            }
            return n;
        }, String::valueOf);
    }

    /**
     * A duration, in nanoseconds: seconds ({@code 3}, {@code 2.5s}) or milliseconds ({@code 500ms}); no other unit
     * ({@code 1d} is not a day, nor a double).
     *
     * @param positive whether zero is refused
     */
    public static Type<Long> seconds(boolean positive) {
        String units = "; seconds (3, 2.5s) or milliseconds (500ms)";
        return new Type<>("<seconds>", (positive ? "more than 0" : "0 or more") + units, v -> {
            long nanos = nanos(v);
            if (positive && nanos <= 0) {
                throw new BadValue("must be longer than zero");
            }
            return nanos;
        }, n -> new BigDecimal(n).movePointLeft(9).stripTrailingZeros().toPlainString());
    }

    /** A file name, made absolute against the directory the JVM started in. */
    public static Type<Path> file() {
        return new Type<>(FILE, "a file name", Type::path, Path::toString);
    }

    /** A file the run writes: read as {@link #file()}, and checked with the run's other outputs before it starts. */
    public static Type<Path> outputFile() {
        return new Type<>(FILE, "a file name", Type::path, Path::toString, true);
    }

    /**
     * A file the run writes, as {@link #outputFile()}, whose name does not end in {@code suffix} (in any case):
     * a format the report has no content for, refused with {@code why}.
     */
    public static Type<Path> outputFileNotNamed(String suffix, String why) {
        return new Type<>(FILE, "a file name, not *" + suffix, v -> {
            if (v.toLowerCase(Locale.ROOT).endsWith(suffix)) {
                throw new BadValue(why);
            }
            return path(v);
        }, Path::toString, true);
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

    /** Whether a value of this type names a file the run writes. */
    boolean output() {
        return output;
    }

    /** Whether a value of this type names a file, read or written. */
    boolean namesFile() {
        return placeholder.equals(FILE);
    }

    String show(T value) {
        return value == null ? "none" : shown.apply(value);
    }

    private static String plain(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    private static double decimal(String value, double min, double max) throws BadValue {
        if (!DECIMAL.matcher(unsigned(value, min < 0)).matches()) {
            throw new BadValue("expected a number written with the digits 0-9 and an optional fraction after a point"
                    + " (2 or 0.5), " + signs(min < 0));
        }
        double d = Double.parseDouble(value);
        if (!(d >= min && d <= max)) {
            throw new BadValue("must be from " + plain(min) + " to " + plain(max));
        }
        return d;
    }

    private static long number(String value, long min, long max) throws BadValue {
        String digits = unsigned(value, min < 0);
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BadValue("expected a whole number written with the digits 0-9 (100), " + signs(min < 0));
        }
        try {
            long n = Long.parseLong(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // more digits than a long holds: out of range as well
        }
        throw new BadValue("must be from " + min + " to " + max);
    }

    /** {@code value} without the {@code -} of a negative number, where one is allowed. */
    private static String unsigned(String value, boolean negatives) {
        return negatives && value.startsWith("-") ? value.substring(1) : value;
    }

    private static String signs(boolean negatives) {
        return negatives ? "with - before a negative one, without + or spaces" : "without a sign or spaces";
    }

    private static long nanos(String value) throws BadValue {
        Matcher m = DURATION.matcher(value);
        if (!m.matches()) {
            throw new BadValue("expected a duration written with the digits 0-9, an optional fraction after a point"
                    + " and the unit s or ms, or none for seconds (3, 2.5s or 500ms), without a sign or spaces");
        }
        BigDecimal nanos = new BigDecimal(m.group(1)).movePointRight("ms".equals(m.group(3)) ? 6 : 9)
                .setScale(0, RoundingMode.DOWN);
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new BadValue("must be at most " + Long.MAX_VALUE / 1_000_000_000 + " s");
        }
        return nanos.longValueExact();
    }

    private static Path path(String value) throws BadValue {
        if (value.isEmpty()) {
            throw new BadValue("expected a file name");
        }
        try {
            return Path.of(value).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new BadValue(e.getReason()); // the message would quote the whole value again
        }
    }

}
