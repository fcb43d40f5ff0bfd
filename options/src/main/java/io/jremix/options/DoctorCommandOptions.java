package io.jremix.options;

import java.nio.file.Path;

/** {@code bin/jremix doctor}: what this machine and this java offer to jremix. */
public final class DoctorCommandOptions {
    public static final Section SECTION = new Section("bin/jremix doctor", null);

    public static final Option<Path> JSON = SECTION.longOption("json", Type.file(), null,
            "also write the checks as JSON to file (atomically)");

    private DoctorCommandOptions() {
    }
}
