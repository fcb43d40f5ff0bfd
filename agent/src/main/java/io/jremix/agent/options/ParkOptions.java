package io.jremix.agent.options;

import java.nio.file.Path;

/**
 * {@code -XXgetparkcontention[:threshold=N,printThreshold=N,freeOnPrint,rows=N,report=FILE,interval=T]} (the J9
 * thesis, 3.3; the row limit, the report file and the interval are jremix's additions). Values are non-negative whole numbers; a later sub-option overrides an
 * earlier one, and a repeated {@code -XXgetparkcontention} adds to the one before.
 *
 * @param threshold      parks on a blocker before its times are collected (3.3.1)
 * @param printThreshold fewest parks for a blocker to be reported (3.3.2)
 * @param freeOnPrint    drop the records of collected blockers after each report (3.3.3)
 * @param rows           rows each table on stderr shows at most, most thread-time first; 0 shows all (the JSON
 *                       report always has every row)
 * @param report         JSON written at exit, or {@code null}
 * @param intervalNanos  period of the reports made while the program runs (and of the rewrites of {@code report}),
 *                       0 for none: a service is read without exiting
 */
public record ParkOptions(long threshold, long printThreshold, boolean freeOnPrint, int rows, Path report,
                          long intervalNanos) {
    static final String NAME = "-XXgetparkcontention";
    /** Rows per table by default: a server's report fits on a screen or two. */
    static final int DEFAULT_ROWS = 10;

    public static ParkOptions defaults() {
        return new ParkOptions(0, 0, false, DEFAULT_ROWS, null, 0);
    }

    static boolean matches(String option) {
        return option.equals(NAME) || option.startsWith(NAME + ":");
    }

    /** Applies {@code option} (which {@link #matches}) on top of {@code base}. */
    static ParkOptions parse(String option, ParkOptions base) throws OptionException {
        long threshold = base.threshold;
        long printThreshold = base.printThreshold;
        boolean freeOnPrint = base.freeOnPrint;
        int rows = base.rows;
        Path report = base.report;
        long intervalNanos = base.intervalNanos;
        if (option.length() > NAME.length()) {
            String list = option.substring(NAME.length() + 1);
            if (list.isEmpty()) {
                throw new OptionException("malformed option '" + option + "': expected sub-options after ':'");
            }
            for (String sub : list.split(",", -1)) {
                int eq = sub.indexOf('=');
                String name = eq < 0 ? sub : sub.substring(0, eq);
                String value = eq < 0 ? null : sub.substring(eq + 1);
                switch (name) {
                    case "threshold" -> threshold = AgentOptions.integer(option, required(option, name, value), 0,
                            Long.MAX_VALUE);
                    case "printThreshold" -> printThreshold = AgentOptions.integer(option,
                            required(option, name, value), 0, Long.MAX_VALUE);
                    case "freeOnPrint" -> {
                        if (value != null) {
                            throw new OptionException("malformed option '" + option + "': freeOnPrint takes no value");
                        }
                        freeOnPrint = true;
                    }
                    case "rows" -> rows = (int) AgentOptions.integer(option, required(option, name, value), 0,
                            Integer.MAX_VALUE);
                    case "report" -> report = AgentOptions.writableFile(option, required(option, name, value));
                    case "interval" -> intervalNanos = AgentOptions.duration(option, required(option, name, value));
                    default -> throw new OptionException("unknown sub-option '" + sub + "' in '" + option
                            + "': use threshold=<n>, printThreshold=<n>, freeOnPrint, rows=<n>, report=<file> or"
                            + " interval=<seconds>");
                }
            }
        }
        return new ParkOptions(threshold, printThreshold, freeOnPrint, rows, report, intervalNanos);
    }

    private static String required(String option, String name, String value) throws OptionException {
        if (value == null) {
            throw new OptionException("malformed option '" + option + "': use " + name + "="
                    + switch (name) {
                        case "report" -> "<file>";
                        case "interval" -> "<seconds>";
                        default -> "<n>";
                    });
        }
        return value;
    }

    /** The help lines for the option and its sub-options. */
    static String help() {
        StringBuilder sb = new StringBuilder();
        sb.append("Park contention (J9 -XXgetparkcontention):\n");
        AgentOptions.helpLine(sb, NAME + "[:<list>]", "profile parking on every LockSupport park blocker, and contended synchronized"
                + " monitors (JFR); tables on stderr at exit");
        AgentOptions.helpLine(sb, "  threshold=<n>", "parks on a blocker before its times are collected (default 0: from the first)");
        AgentOptions.helpLine(sb, "  printThreshold=<n>", "report only blockers parked at least n times (default 0)");
        AgentOptions.helpLine(sb, "  freeOnPrint", "after each report, drop the records of blockers the GC collected");
        AgentOptions.helpLine(sb, "  rows=<n>", "rows each table shows, most thread-time first (default "
                + DEFAULT_ROWS + "; 0: all)");
        AgentOptions.helpLine(sb, "  report=<file>", "also write the report at exit as JSON to file");
        AgentOptions.helpLine(sb, "  interval=<seconds>", "also report every interval while the program runs (60, 60s,"
                + " 500ms), rewriting the report file each time (default 0: at exit only)");
        return sb.toString();
    }
}
