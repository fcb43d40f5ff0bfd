package io.jremix.options;

import java.nio.file.Path;
import java.util.List;

/** {@code bin/jremix signal}: the cost and latency of waking another thread, per signalling mechanism. */
public final class SignalCommandOptions {
    public static final Section SECTION = new Section("bin/jremix signal", null);

    public static final Option<List<String>> MECHANISMS = SECTION.longOption("mechanisms",
            Type.listOf(Type.oneOf("notify", "condition", "unpark", "spin")),
            List.of("notify", "condition", "unpark", "spin"), "the mechanisms to measure");
    public static final Option<List<Long>> PAIRS = SECTION.longOption("pairs", Type.listOf(Type.wholeNumber(1, 1024)),
            List.of(1L), "pairs of threads; several (e.g. 1,2) run one after the other");
    public static final Option<Long> RATE = SECTION.longOption("rate", Type.wholeNumber(1, 1_000_000), 10_000L,
            "signals per second per pair");
    public static final Option<Double> DURATION = SECTION.longOption("duration", Type.decimalSeconds(0.001, 3600), 3.0,
            "measured seconds");
    public static final Option<Double> WARMUP = SECTION.longOption("warmup", Type.decimalSeconds(0, 3600), 1.0,
            "seconds run first and not recorded");
    public static final Option<Path> CSV = SECTION.longOption("csv", Type.outputFile(), null,
            "also write the results as CSV");
    public static final Option<Path> JSON = SECTION.longOption("json", Type.outputFile(), null,
            "also write the results as JSON");
    public static final Option<Path> MARKDOWN = SECTION.longOption("markdown", Type.outputFile(), null,
            "also write the results as a Markdown page");

    private SignalCommandOptions() {
    }
}
