package io.jremix.agent.park;

import java.nio.file.Path;

import io.jremix.options.OptionException;
import io.jremix.options.ParkContentionOptions;
import io.jremix.options.Values;

import static io.jremix.options.ParkContentionOptions.FREE_ON_PRINT;
import static io.jremix.options.ParkContentionOptions.INTERVAL;
import static io.jremix.options.ParkContentionOptions.PRINT_THRESHOLD;
import static io.jremix.options.ParkContentionOptions.ROWS;
import static io.jremix.options.ParkContentionOptions.THRESHOLD;

/**
 * {@code -XXgetparkcontention[:threshold=N,printThreshold=N,freeOnPrint,rows=N,report=FILE,interval=T]}, as
 * declared in
 * {@link ParkContentionOptions}.
 *
 * @param threshold      parks on a blocker before its times are collected (3.3.1)
 * @param printThreshold fewest parks for a blocker to be reported (3.3.2)
 * @param freeOnPrint    drop the records of collected blockers after each report (3.3.3)
 * @param rows           rows each table on stderr shows at most, most thread-time first; 0 shows all (the JSON
 *                       report always has every row)
 * @param report         report written at exit (JSON, or HTML for a name ending in {@code .html}), or {@code null}
 * @param intervalNanos  period of the reports made while the program runs (and of the rewrites of {@code report}),
 *                       0 for none: a service is read without exiting
 */
public record ParkOptions(long threshold, long printThreshold, boolean freeOnPrint, int rows, Path report,
                          long intervalNanos) {

    public static ParkOptions defaults() {
        return new ParkOptions(THRESHOLD.defaultValue(), PRINT_THRESHOLD.defaultValue(), FREE_ON_PRINT.defaultValue(),
                ROWS.defaultValue().intValue(), ParkContentionOptions.REPORT.defaultValue(), INTERVAL.defaultValue());
    }

    /** The park options parsed; {@code null} when park profiling was not asked for. */
    public static ParkOptions from(Values v) throws OptionException {
        if (!v.get(ParkContentionOptions.PROFILE)) {
            return null;
        }
        return new ParkOptions(v.get(THRESHOLD), v.get(PRINT_THRESHOLD), v.get(FREE_ON_PRINT), v.get(ROWS).intValue(),
                v.get(ParkContentionOptions.REPORT), v.get(INTERVAL));
    }
}
