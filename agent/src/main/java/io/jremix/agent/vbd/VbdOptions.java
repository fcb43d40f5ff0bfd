package io.jremix.agent.vbd;

import java.nio.file.Path;

import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.options.VolatileByDefaultOptions;

/**
 * Volatile-by-default: {@code -XX:+VBD} / {@code -XX:-VBD}, {@code -XX:+VBDVerbose}, {@code -XX:VBDRelaxed=FILE} and
 * {@code -XX:VBDReport=FILE}, as declared in {@link VolatileByDefaultOptions}. The pattern file is read (and the
 * report file checked, with the run's other outputs) while the options are parsed, so a bad one stops the JVM before
 * the program starts.
 *
 * @param enabled     whether classes are made volatile-by-default as they load
 * @param verbose     one line per rewritten class, and the relaxed code without a limit on its length
 * @param relaxedFile the pattern file, or {@code null}
 * @param relaxed     its patterns ({@link VbdRelaxedPatterns#none()} without a file)
 * @param report      the report written at exit (JSON, or HTML for a name ending in {@code .html}), or {@code null}
 */
public record VbdOptions(boolean enabled, boolean verbose, Path relaxedFile, VbdRelaxedPatterns relaxed, Path report) {

    public static VbdOptions from(Values v) throws OptionException {
        Path file = v.get(VolatileByDefaultOptions.RELAXED);
        return new VbdOptions(v.get(VolatileByDefaultOptions.ENABLED), v.get(VolatileByDefaultOptions.VERBOSE), file,
                file == null ? VbdRelaxedPatterns.none() : VbdRelaxedPatterns.read(file),
                v.get(VolatileByDefaultOptions.REPORT));
    }
}
