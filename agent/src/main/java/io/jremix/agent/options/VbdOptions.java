package io.jremix.agent.options;

import java.nio.file.Path;

/**
 * Volatile-by-default (VBD-HotSpot, OOPSLA 2017): {@code -XX:+VBD} / {@code -XX:-VBD}, {@code -XX:+VBDVerbose} and
 * {@code -XX:VBDRelaxed=FILE}, and {@code -XX:VBDReport=FILE} (JSON, or HTML for a name ending in {@code .html}). The pattern file is read and checked while the options are parsed, so a bad one
 * stops the JVM before the program starts. A later option overrides an earlier one, as in java.
 *
 * @param enabled     whether classes are made volatile-by-default as they load
 * @param verbose     one line per rewritten class, and the relaxed code without a limit on its length
 * @param relaxedFile the pattern file, or {@code null}
 * @param relaxed     its patterns ({@link VbdRelaxedPatterns#none()} without a file)
 * @param report      the report file written at exit, checked now, or {@code null}
 */
public record VbdOptions(boolean enabled, boolean verbose, Path relaxedFile, VbdRelaxedPatterns relaxed, Path report) {
    private static final String USE =
            "use -XX:+VBD, -XX:-VBD, -XX:+VBDVerbose, -XX:VBDRelaxed=<file> or -XX:VBDReport=<file>";
    private static final String REPORT = "-XX:VBDReport=";

    public static VbdOptions defaults() {
        return new VbdOptions(false, false, null, VbdRelaxedPatterns.none(), null);
    }

    /** Every option spelled {@code -XX:[+-]VBD...} is this class's to accept or refuse. */
    static boolean matches(String option) {
        return option.startsWith("-XX:VBD") || option.startsWith("-XX:+VBD") || option.startsWith("-XX:-VBD");
    }

    /** Applies {@code option} (which {@link #matches}) on top of {@code base}. */
    static VbdOptions parse(String option, VbdOptions base) throws OptionException {
        switch (option) {
            case "-XX:+VBD" -> {
                return new VbdOptions(true, base.verbose, base.relaxedFile, base.relaxed, base.report);
            }
            case "-XX:-VBD" -> {
                return new VbdOptions(false, base.verbose, base.relaxedFile, base.relaxed, base.report);
            }
            case "-XX:+VBDVerbose", "-XX:-VBDVerbose" -> {
                return new VbdOptions(base.enabled, option.charAt(4) == '+', base.relaxedFile, base.relaxed, base.report);
            }
            default -> {
            }
        }
        if (option.startsWith(REPORT)) {
            Path report = AgentOptions.writableFile(option, option.substring(REPORT.length()));
            return new VbdOptions(base.enabled, base.verbose, base.relaxedFile, base.relaxed, report);
        }
        String prefix = "-XX:VBDRelaxed=";
        if (option.startsWith(prefix)) {
            String value = option.substring(prefix.length());
            if (value.isEmpty()) {
                throw new OptionException("bad value in '" + option + "': expected a file name");
            }
            Path file = Path.of(value).toAbsolutePath();
            return new VbdOptions(base.enabled, base.verbose, file, VbdRelaxedPatterns.read(file), base.report);
        }
        if (option.equals("-XX:VBD") || option.equals("-XX:VBDVerbose") || option.startsWith("-XX:VBD=")
                || option.equals("-XX:VBDReport") || option.startsWith("-XX:+VBDReport") || option.startsWith("-XX:-VBDReport")) {
            throw new OptionException("malformed option '" + option + "': " + USE);
        }
        if (option.equals("-XX:VBDRelaxed") || option.startsWith("-XX:+VBDRelaxed") || option.startsWith("-XX:-VBDRelaxed")) {
            throw new OptionException("malformed option '" + option + "': use -XX:VBDRelaxed=<file>");
        }
        throw new OptionException("unknown option '" + option + "': " + USE);
    }

    /** The help lines for the VBD options. */
    static String help() {
        StringBuilder sb = new StringBuilder();
        sb.append("Volatile-by-default (VBD-HotSpot -XX:+VBD):\n");
        AgentOptions.helpLine(sb, "-XX:+VBD", "make every field, array element and Unsafe access of classes loaded from now on");
        AgentOptions.helpLine(sb, "", "behave as volatile: sequential consistency; report what was rewritten at exit");
        AgentOptions.helpLine(sb, "-XX:VBDRelaxed=<file>", "leave the classes, methods and fields the file's patterns name relaxed");
        AgentOptions.helpLine(sb, "", "(java/io/*.*, com.example.Foo::bar), as @io.jremix.relaxed.Relaxed does;");
        AgentOptions.helpLine(sb, "", "the patterns are in docs/volatile-by-default.md");
        AgentOptions.helpLine(sb, "-XX:+VBDVerbose", "print each rewritten class, and every relaxed name");
        AgentOptions.helpLine(sb, "-XX:VBDReport=<file>", "write the report at exit as JSON, or as HTML if <file> ends in .html");
        return sb.toString();
    }
}
