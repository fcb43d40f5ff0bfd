package io.jremix.options;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The fuzz tests of jremix's parsers of user input (options, relaxed patterns, repair profiles, report JSON,
 * argfiles): seeded mutations of valid inputs, and hostile shapes no mutation reaches by chance. Each input must
 * give a value or the parser's own checked exception with a one-line message of at most {@value #MESSAGE_LIMIT}
 * characters, and the whole batch must end within {@link #BATCH_TIMEOUT}: that proves no hang, not speed.
 */
public final class Fuzz {
    /** Longer than any of jremix's messages with its quotes cut to an excerpt; shorter than a quoted input line. */
    public static final int MESSAGE_LIMIT = 400;
    public static final Duration BATCH_TIMEOUT = Duration.ofSeconds(10);
    /** The inputs of a batch besides the seeds and the hostile shapes. */
    public static final int MUTATIONS = 3000;
    /** Characters a mutation writes: the syntax of every format here, and what breaks text. */
    private static final String ALPHABET = "{}[]\":,*#@'\\/.$=+-eE019 \t\n\r\0\u00e9\u20ac\ud800\udc00";
    /** Pieces a mutation inserts: the starts of deep or long shapes. */
    private static final List<String> PIECES = List.of("[".repeat(64), "{\"a\":".repeat(64), "*".repeat(500),
            "9".repeat(40), "1e999", "-1e-999", "\\u", "\\ud800", "\"", "\0\0", "::", "<init>", "\ud800",
            latin1Bytes());

    /** A parser call: returns a value, or throws the checked exception the test expects. */
    @FunctionalInterface
    public interface Parser {
        void parse(String input) throws Exception;
    }

    private Fuzz() {
    }

    /**
     * What testers found and the classic breakers of parsers: 5,000-deep nesting, 100,000 {@code *}, a line of a
     * million characters, NUL bytes, bytes that are not UTF-8 (read as ISO-8859-1), unpaired surrogates, numbers
     * out of range, truncated documents and nothing at all.
     */
    public static List<String> hostileShapes() {
        return List.of("[".repeat(5000) + "]".repeat(5000), "{\"a\":".repeat(5000) + "1" + "}".repeat(5000),
                "[".repeat(5000), "*".repeat(100_000), "a*".repeat(50_000) + "b", "x".repeat(1 << 20),
                "\0", "a\0b\0", latin1Bytes(), "\ud800", "a\udc00b", "\"\ud800\"", "[\"\\ud800\"]",
                "99999999999999999999999", "-9223372036854775809", "1e999", "[1e-999]", "1".repeat(100_000),
                "-", "1e", ".", "[-]", "{\"a\":", "[1,", "\"abc", "\"\\u12", "\"\\uzzzz\"", "{\"a\" 1}", "",
                " ", "\n\r\n", "#", "@", "::", "-XX:", "-XX:=", "-XXgetparkcontention:,,,", "a".repeat(100_000));
    }

    /** {@code count} inputs, each one to four mutations of a seed (or, one in twenty, of a hostile shape). */
    public static List<String> mutations(List<String> seeds, long seed, int count) {
        Random random = new Random(seed);
        List<String> hostile = hostileShapes();
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<String> from = random.nextInt(20) == 0 ? hostile : seeds;
            String s = from.get(random.nextInt(from.size()));
            for (int m = 1 + random.nextInt(4); m > 0; m--) {
                s = mutate(s, seeds, random);
            }
            out.add(s);
        }
        return out;
    }

    private static String mutate(String s, List<String> seeds, Random random) {
        int at = s.isEmpty() ? 0 : random.nextInt(s.length() + 1);
        int end = Math.min(s.length(), at + 1 + random.nextInt(16));
        StringBuilder sb = new StringBuilder(s);
        switch (random.nextInt(7)) {
            case 0 -> sb.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            case 1 -> sb.replace(at, end, String.valueOf(ALPHABET.charAt(random.nextInt(ALPHABET.length()))));
            case 2 -> sb.delete(at, end);
            case 3 -> sb.insert(at, s, at, end); // a repeated piece: longer lists, deeper nesting
            case 4 -> sb.setLength(at); // truncated
            case 5 -> sb.insert(at, PIECES.get(random.nextInt(PIECES.size())));
            default -> { // a piece of another seed
                String other = seeds.get(random.nextInt(seeds.size()));
                int from = random.nextInt(other.length() + 1);
                sb.insert(at, other, from, Math.min(other.length(), from + random.nextInt(64)));
            }
        }
        return sb.toString();
    }

    /** Runs {@code parser} on every input: each gives a value or one of {@code expected} with a short one-line message. */
    @SafeVarargs
    public static void check(List<String> inputs, Parser parser, Class<? extends Exception>... expected) {
        assertTimeoutPreemptively(BATCH_TIMEOUT, () -> {
            for (String input : inputs) {
                try {
                    parser.parse(input);
                } catch (Throwable t) {
                    if (Arrays.stream(expected).noneMatch(e -> e.isInstance(t))) {
                        throw new AssertionError("input '" + Excerpt.of(input) + "' (" + input.length()
                                + " characters) threw " + t.getClass().getName(), t);
                    }
                    String message = t.getMessage();
                    if (message == null || message.length() > MESSAGE_LIMIT || message.contains("\n")
                            || message.contains("\r")) {
                        fail("input '" + Excerpt.of(input) + "': not a short one-line message: " + Excerpt.of(
                                String.valueOf(message)) + " (" + String.valueOf(message).length() + " characters)");
                    }
                }
            }
        }, () -> "the batch of " + inputs.size() + " inputs did not end within " + BATCH_TIMEOUT);
    }

    /** Seeds, hostile shapes and {@value #MUTATIONS} mutations: the batch one fuzz test runs. */
    public static List<String> batch(List<String> seeds, long seed) {
        List<String> all = new ArrayList<>(seeds);
        all.addAll(hostileShapes());
        all.addAll(mutations(seeds, seed, MUTATIONS));
        return all;
    }

    private static String latin1Bytes() {
        return new String(new byte[] {(byte) 0xc3, 0x28, (byte) 0xff, (byte) 0xfe, (byte) 0x80}, StandardCharsets.ISO_8859_1);
    }
}
