package io.jremix.options;

import java.nio.file.Path;

/**
 * Volatile-by-default, after VBD-HotSpot: "A Volatile-by-Default JVM for Server Applications" (OOPSLA 2017,
 * https://doi.org/10.1145/3133873). A later option overrides an earlier one, as in java.
 */
public final class VolatileByDefaultOptions {
    public static final Section SECTION = new Section("Volatile-by-default (VBD-HotSpot -XX:+VBD)", "VBD");

    public static final Option<Boolean> ENABLED = SECTION.flag("VBD", "make every field, array element and Unsafe"
            + " access of classes loaded from now on behave as volatile (sequential consistency); report what was"
            + " rewritten at exit");
    public static final Option<Path> RELAXED = SECTION.value("VBDRelaxed", Type.file(), null, "leave relaxed the"
            + " classes, methods and fields the file's patterns name (java/io/*.*, com.example.Foo::bar), as"
            + " @io.jremix.relaxed.Relaxed does; patterns in docs/volatile-by-default.md");
    public static final Option<Boolean> VERBOSE = SECTION.flag("VBDVerbose",
            "print each rewritten class, and every relaxed name");
    public static final Option<Path> REPORT = SECTION.value("VBDReport", Type.outputFileNotNamed(".collapsed",
            "a VBD report has no stacks to collapse: name it .json or .html"), null,
            "write the report at exit as JSON, or as HTML for a name ending in .html");

    private VolatileByDefaultOptions() {
    }
}
