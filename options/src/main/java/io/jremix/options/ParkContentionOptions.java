package io.jremix.options;

import java.nio.file.Path;

/**
 * Park contention, after the J9 profiler of "Measuring Java Util Concurrent parking contention in the IBM J9 Virtual
 * Machine" (thesis, University of New Brunswick, 2014, https://unbscholar.lib.unb.ca/handle/1882/14321), 3.3; the
 * row limit, the report file and the interval are jremix's. A later sub-option overrides an earlier one, and a repeated
 * {@code -XXgetparkcontention} adds to the one before.
 */
public final class ParkContentionOptions {
    public static final Section SECTION = new Section("Park contention (J9 -XXgetparkcontention)", null);

    public static final Option<Boolean> PROFILE = SECTION.group("-XXgetparkcontention", "profile parking on every"
            + " LockSupport park blocker, and contended synchronized monitors (JFR); tables on stderr at exit");
    public static final Option<Long> THRESHOLD = SECTION.sub("threshold", Type.wholeNumber(0, Long.MAX_VALUE), 0L,
            "parks on a blocker before its times are collected; 0: from the first");
    public static final Option<Long> PRINT_THRESHOLD = SECTION.sub("printThreshold",
            Type.wholeNumber(0, Long.MAX_VALUE), 0L, "report only blockers parked at least n times");
    public static final Option<Boolean> FREE_ON_PRINT = SECTION.subFlag("freeOnPrint",
            "after each report, drop the records of blockers the GC collected");
    public static final Option<Long> ROWS = SECTION.sub("rows", Type.wholeNumber(0, Integer.MAX_VALUE), 10L,
            "rows each table shows, most thread-time first; 0: all");
    public static final Option<Path> REPORT = SECTION.sub("report", Type.outputFile(), null,
            "also write the report at exit as JSON, or as HTML for a name ending in .html, or as collapsed stacks of"
                    + " park time (flame graph input) for .collapsed; a name with a comma goes in"
                    + " quotes: report=\"runs/a,b.json\" or report='runs/a,b.json'");
    public static final Option<Long> INTERVAL = SECTION.sub("interval", Type.seconds(false), 0L,
            "also report every interval while the program runs, rewriting the report file each time; 0: at exit only");

    private ParkContentionOptions() {
    }
}
