package io.jremix.agent.vbd;

import java.nio.file.Path;

import io.jremix.options.Option;
import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.options.VbdRelaxedPatterns;
import io.jremix.options.VolatileByDefaultOptions;

/**
 * Volatile-by-default: {@code -XX:+VBD} / {@code -XX:-VBD}, {@code -XX:+VBDVerbose}, {@code -XX:VBDRelaxed=FILE} and
 * {@code -XX:VBDReport=FILE}, read with the constants that declare them ({@link VolatileByDefaultOptions}). The
 * pattern file is read (and the report file checked, with the run's other outputs) while the options are parsed, so
 * a bad one stops the JVM before the program starts.
 *
 * @param values  the parsed options
 * @param relaxed the pattern file's patterns ({@link VbdRelaxedPatterns#none()} without a file)
 */
public record VbdOptions(Values values, VbdRelaxedPatterns relaxed) {

    public static VbdOptions from(Values v) throws OptionException {
        Path file = v.get(VolatileByDefaultOptions.RELAXED);
        return new VbdOptions(v, file == null ? VbdRelaxedPatterns.none() : VbdRelaxedPatterns.read(file));
    }

    /** The option's value, given or default. */
    public <T> T get(Option<T> option) {
        return values.get(option);
    }
}
