package io.jremix.cli.command.jit;

import java.util.List;

/**
 * One HotSpot CompileCommand: what {@code -XX:CompileCommand=kind,pattern[,option]} and a line of a
 * CompileCommandFile ({@code .hotspot_compiler}) say. The kinds offered are the ones the low-latency blog
 * describes; HotSpot itself only warns on a misspelt kind and runs on, so jremix rejects those up front.
 *
 * @param pattern a method pattern, {@code pkg.Class::method} or {@code pkg/Class.method}, {@code *} allowed
 * @param option  for {@code option}: the per-method flag, e.g. {@code PrintInlining}; otherwise null
 */
public record CompileCommand(String kind, String pattern, String option) {
    public static final List<String> KINDS = List.of("print", "inline", "dontinline", "exclude", "compileonly", "log", "option");

    public CompileCommand {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown CompileCommand '" + kind + "' (" + String.join(", ", KINDS) + ")");
        }
        if (pattern == null || pattern.isBlank() || pattern.contains(",") || pattern.contains(" ")) {
            throw new IllegalArgumentException("'" + pattern + "' is not a method pattern such as com.example.Foo::bar");
        }
        if (kind.equals("option") != (option != null)) {
            throw new IllegalArgumentException(kind.equals("option")
                    ? "option needs the flag to set, e.g.: option 'com.example.Foo::bar' PrintInlining"
                    : kind + " takes a method pattern only");
        }
    }

    /** The line for a CompileCommandFile: the same syntax as the JVM option's value. */
    public String line() {
        return kind + "," + pattern + (option == null ? "" : "," + option);
    }

    public String jvmOption() {
        return "-XX:CompileCommand=" + line();
    }
}
