package io.jremix.options;

import java.nio.file.Path;

/** {@code bin/jremix jit}: CompileCommand helpers and one method's assembly. Each sub-command takes some of these. */
public final class JitCommandOptions {
    public static final Section SECTION = new Section("bin/jremix jit", null);

    public static final Option<String> TIER = SECTION.longOption("tier", Type.oneOf("c2", "c1", "last", "all"), "c2",
            "asm: the last C2 compile (the last compile if C2 never ran), the last C1 compile, the last, or all");
    public static final Option<Boolean> SUMMARY = SECTION.longFlag("summary", "asm: the table only, no assembly");
    public static final Option<Path> LOG = SECTION.longOption("log", Type.file(), null,
            "asm, command: also -XX:+LogCompilation into file (for JITWatch; 'log' commands narrow it)");
    public static final Option<Path> FILE = SECTION.longOption("file", Type.file(), null,
            "command: add the line to file (a .hotspot_compiler file) and run with -XX:CompileCommandFile=file");

    private JitCommandOptions() {
    }
}
