package io.jremix.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code --name value} options and {@code --name} flags of one bench script. A bad option stops the script
 * before it measures anything,
 * with one line on stderr and exit code 2, as the launcher does; {@code -h} or {@code --help} prints the usage and
 * exits 0.
 */
public final class BenchOptions {
    private final Map<String, String> given;
    /** Makes the exception for a bad option; the scripts' version prints the line and ends the JVM instead. */
    private final Function<String, RuntimeException> refusal;

    BenchOptions(String[] args, List<String> names, Function<String, RuntimeException> refusal) {
        this(args, names, List.of(), refusal);
    }

    BenchOptions(String[] args, List<String> names, List<String> flags, Function<String, RuntimeException> refusal) {
        this.refusal = refusal;
        this.given = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (flags.contains(name)) {
                given.put(name, "");
                continue;
            }
            if (!names.contains(name)) {
                throw refusal.apply("unknown option " + name);
            }
            if (i + 1 == args.length) {
                throw refusal.apply(name + " needs a value");
            }
            given.put(name, args[++i]);
        }
    }

    /**
     * The options of {@code script} (its name as typed, e.g. {@code bench/run-repair}) in {@code args}, which may
     * hold only {@code names}, each followed by its value.
     */
    public static BenchOptions parse(String script, String usage, String[] args, String... names) {
        return parse(script, usage, args, List.of(), names);
    }

    /** As {@link #parse(String, String, String[], String...)}, where {@code args} may also hold {@code flags}. */
    public static BenchOptions parse(String script, String usage, String[] args, List<String> flags,
                                     String... names) {
        if (Arrays.asList(args).contains("-h") || Arrays.asList(args).contains("--help")) {
            System.out.println(usage);
            System.exit(0);
        }
        return new BenchOptions(args, List.of(names), flags, line -> {
            System.err.println(script + ": " + line + " (" + script + " --help lists the options)");
            System.exit(2);
            return new IllegalStateException("unreachable: the JVM is exiting");
        });
    }

    /** The value of {@code name} as a whole number of at least {@code min}, or {@code otherwise} if not given. */
    public int count(String name, int otherwise, int min) {
        String value = given.get(name);
        return value == null ? otherwise : count(name, value, min);
    }

    /** A comma-separated list of whole numbers of at least {@code min}, or {@code otherwise} if not given. */
    public int[] counts(String name, int[] otherwise, int min) {
        String value = given.get(name);
        return value == null ? otherwise
                : Arrays.stream(value.split(",", -1)).mapToInt(v -> count(name, v, min)).toArray();
    }

    /** Whether the flag {@code name} was given. */
    public boolean flag(String name) {
        return given.containsKey(name);
    }

    /** The value of {@code name}, or {@code otherwise} (which may be null) if not given. */
    public String text(String name, String otherwise) {
        return given.getOrDefault(name, otherwise);
    }

    /** The value of {@code name} as an absolute path, or {@code otherwise} if not given. */
    public Path path(String name, Path otherwise) {
        String value = given.get(name);
        return value == null ? otherwise : Path.of(value).toAbsolutePath();
    }

    /**
     * The value of {@code name} as {@code read} makes it, or {@code otherwise} if not given; an
     * {@link IllegalArgumentException} from {@code read} refuses the value with its message.
     */
    public <T> T value(String name, T otherwise, Function<String, T> read) {
        String value = given.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            return read.apply(value);
        } catch (IllegalArgumentException e) {
            throw refusal.apply(name + ": " + e.getMessage());
        }
    }

    /** Refuses the options as given, for a rule between options (say, fewer warm-up rounds than rounds). */
    public RuntimeException refuse(String line) {
        return refusal.apply(line);
    }

    private int count(String name, String value, int min) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below with the same line as an out-of-range number
        }
        throw refusal.apply(name + " must be a whole number of at least " + min + ", not '" + value + "'");
    }
}
