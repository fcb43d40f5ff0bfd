package io.jremix.agent.park;

import io.jremix.options.Option;
import io.jremix.options.ParkContentionOptions;
import io.jremix.options.Values;

/**
 * {@code -XXgetparkcontention[:threshold=N,printThreshold=N,freeOnPrint,rows=N,report=FILE,interval=T]}, read with
 * the constants that declare it ({@link ParkContentionOptions}: {@code get(THRESHOLD)}).
 *
 * @param values the parsed options
 */
public record ParkOptions(Values values) {

    /** The park options parsed; {@code null} when park profiling was not asked for. */
    public static ParkOptions from(Values v) {
        return v.get(ParkContentionOptions.PROFILE) ? new ParkOptions(v) : null;
    }

    /** The option's value, given or default. */
    public <T> T get(Option<T> option) {
        return values.get(option);
    }
}
