package io.jremix.agent.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.jremix.report.AtomicFiles;

/**
 * Everything jremix was asked to do, validated. Option names follow REMIX (PLDI 2016) where it had them;
 * the detection-window options are jremix's own.
 *
 * @param cacheMode     whether cache-contention detection (and later repair) is on
 * @param samplingRatio one traced access in this many is recorded
 * @param verbose       progress lines on stderr
 * @param hitVerbose    one line per sampled coherence miss
 * @param debug         instrumentation details, including classes that could not be instrumented
 * @param report        JSON report written at exit, or {@code null}
 * @param profile       repair profile: applied at start in repair modes, merged with this run's findings at exit
 *                      when detection runs; {@code null} for none
 * @param lineSize      simulated cache-line size in bytes
 * @param threshold     estimated coherence misses per second that make a finding
 * @param windowNanos   how long tracing goes on after contention is first found
 * @param maxWindowNanos how long tracing goes on when no contention is found
 * @param rearmNanos    period after which a closed window opens again, 0 for never
 * @param park          park-contention profiling ({@code -XXgetparkcontention}), {@code null} when off
 * @param vbd           volatile-by-default ({@code -XX:+VBD}, {@code -XX:VBDRelaxed=FILE})
 */
public record AgentOptions(CacheMode cacheMode, int samplingRatio, boolean verbose, boolean hitVerbose, boolean debug,
                           Path report, Path profile, int lineSize, double threshold, long windowNanos,
                           long maxWindowNanos, long rearmNanos, ParkOptions park, VbdOptions vbd) {

    /** Off, detect only ({@code -remix:detect}) or detect and repair ({@code -remix}, {@code -remix:online}). */
    public enum CacheMode { OFF, DETECT, ONLINE }

    public static final int DEFAULT_SAMPLING_RATIO = 1000;

    public static AgentOptions defaults() {
        return new AgentOptions(CacheMode.OFF, DEFAULT_SAMPLING_RATIO, false, false, false, null, null, 64, 100_000,
                3_000_000_000L, 5_000_000_000L, 0, null, VbdOptions.defaults());
    }

    /** Parses the options the launcher passed (already split by {@link AgentArguments}). */
    public static AgentOptions parse(List<String> options) throws OptionException {
        OptionsBuilder b = new OptionsBuilder(defaults());
        for (String o : options) {
            b.apply(o);
        }
        return b.build();
    }

    public boolean cacheDetection() {
        return cacheMode != CacheMode.OFF;
    }

    /**
     * Whether classes are padded at load: with {@code -remix} (online, and from the profile if one is given), or
     * with a profile alone (padding only, no detection). {@code -remix:detect} never changes the program.
     */
    public boolean repair() {
        return cacheMode == CacheMode.ONLINE || (cacheMode == CacheMode.OFF && profile != null);
    }

    /** The option help, one option per line, as {@code bin/jremix --help} prints it. */
    public static String help() {
        StringBuilder sb = new StringBuilder();
        sb.append("Cache contention (REMIX):\n");
        helpLine(sb, "-remix, -remix:online", "detect cache contention and repair false sharing");
        helpLine(sb, "-remix:detect", "detect cache contention only");
        for (OptionSpec spec : OptionSpec.values()) {
            helpLine(sb, spec.usage(), spec.description());
        }
        sb.append('\n').append(ParkOptions.help());
        sb.append('\n').append(VbdOptions.help());
        return sb.toString();
    }

    /** One line of {@code --help}: the usage in a column of its own, then what it does. */
    public static void helpLine(StringBuilder sb, String usage, String description) {
        sb.append(String.format(Locale.ROOT, "  %-34s %s%n", usage, description));
    }

    /** Mutable state while options are applied in order; a later option overrides an earlier one, as in java. */
    private static final class OptionsBuilder {
        private CacheMode cacheMode;
        private int samplingRatio;
        private boolean verbose;
        private boolean hitVerbose;
        private boolean debug;
        private Path report;
        private Path profile;
        private int lineSize;
        private double threshold;
        private long windowNanos;
        private long maxWindowNanos;
        private long rearmNanos;
        private ParkOptions park;
        private VbdOptions vbd;

        OptionsBuilder(AgentOptions d) {
            cacheMode = d.cacheMode;
            samplingRatio = d.samplingRatio;
            lineSize = d.lineSize;
            threshold = d.threshold;
            windowNanos = d.windowNanos;
            maxWindowNanos = d.maxWindowNanos;
            rearmNanos = d.rearmNanos;
            vbd = d.vbd;
        }

        void apply(String option) throws OptionException {
            if (option.equals("-remix") || option.equals("-remix:online")) {
                cacheMode = CacheMode.ONLINE;
                return;
            }
            if (option.equals("-remix:detect")) {
                cacheMode = CacheMode.DETECT;
                return;
            }
            if (ParkOptions.matches(option)) {
                park = ParkOptions.parse(option, park == null ? ParkOptions.defaults() : park);
                return;
            }
            if (VbdOptions.matches(option)) {
                vbd = VbdOptions.parse(option, vbd);
                return;
            }
            if (option.startsWith("-remix:")) {
                throw new OptionException("unknown REMIX mode in '" + option + "': use -remix, -remix:online or -remix:detect");
            }
            if (!option.startsWith("-XX:")) {
                throw new OptionException("unknown option '" + option + "'");
            }
            String body = option.substring(4);
            boolean flagSyntax = body.startsWith("+") || body.startsWith("-");
            int eq = body.indexOf('=');
            String name = body.substring(flagSyntax ? 1 : 0, eq < 0 ? body.length() : eq);
            OptionSpec spec = OptionSpec.named(name);
            if (spec == null) {
                throw new OptionException("unknown option '" + option + "'");
            }
            if (spec.isFlag() != flagSyntax || (flagSyntax && eq >= 0) || (!flagSyntax && eq < 0)) {
                throw new OptionException("malformed option '" + option + "': use " + spec.usage());
            }
            if (flagSyntax) {
                setFlag(spec, body.charAt(0) == '+');
            } else {
                setValue(spec, option, body.substring(eq + 1));
            }
        }

        private void setFlag(OptionSpec spec, boolean on) {
            switch (spec) {
                case VERBOSE -> verbose = on;
                case HIT_VERBOSE -> hitVerbose = on;
                case DEBUG -> debug = on;
                default -> throw new IllegalStateException(spec.name());
            }
        }

        private void setValue(OptionSpec spec, String option, String value) throws OptionException {
            switch (spec) {
                case SAMPLING_RATIO -> samplingRatio = (int) integer(option, value, 1, Integer.MAX_VALUE);
                case LINE_SIZE -> {
                    lineSize = (int) integer(option, value, 16, 512);
                    if (Integer.bitCount(lineSize) != 1) {
                        throw new OptionException("bad value in '" + option + "': the line size must be a power of two");
                    }
                }
                case THRESHOLD -> threshold = integer(option, value, 0, Long.MAX_VALUE);
                case WINDOW -> windowNanos = duration(option, value);
                case MAX_WINDOW -> maxWindowNanos = duration(option, value);
                case REARM -> rearmNanos = duration(option, value);
                case REPORT -> report = writableFile(option, value);
                case PROFILE -> profile = readableProfile(option, value);
                default -> throw new IllegalStateException(spec.name());
            }
        }

        AgentOptions build() throws OptionException {
            if (windowNanos <= 0 || maxWindowNanos <= 0) {
                throw new OptionException("detection windows must be longer than zero");
            }
            return new AgentOptions(cacheMode, samplingRatio, verbose, hitVerbose, debug, report, profile, lineSize,
                    threshold, windowNanos, maxWindowNanos, rearmNanos, park, vbd);
        }
    }

    static long integer(String option, String value, long min, long max) throws OptionException {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new OptionException("bad value in '" + option + "': expected a whole number");
        }
        if (v < min || v > max) {
            throw new OptionException("bad value in '" + option + "': must be from " + min + " to " + max);
        }
        return v;
    }

    /** Seconds, with an optional {@code s} or {@code ms} suffix: {@code 3}, {@code 2.5s}, {@code 500ms}. */
    static long duration(String option, String value) throws OptionException {
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
            throw new OptionException("bad value in '" + option + "': expected seconds, e.g. 3, 2.5s or 500ms");
        }
    }

    /** A profile is read at start and written at exit: an existing one must be readable, its directory writable. */
    private static Path readableProfile(String option, String value) throws OptionException {
        Path p = writableFile(option, value);
        if (Files.exists(p) && !Files.isReadable(p)) {
            throw new OptionException("cannot read '" + value + "'");
        }
        return p;
    }

    /** An output file: refused now, before the program runs, if it could not be written at exit. */
    static Path writableFile(String option, String value) throws OptionException {
        if (value.isEmpty()) {
            throw new OptionException("bad value in '" + option + "': expected a file name");
        }
        try {
            Path p = Path.of(value).toAbsolutePath();
            AtomicFiles.checkWritable(p);
            return p;
        } catch (IOException e) {
            throw new OptionException("cannot write '" + value + "': " + e.getMessage());
        } catch (InvalidPathException e) {
            throw new OptionException("bad value in '" + option + "': " + e.getMessage());
        }
    }
}
