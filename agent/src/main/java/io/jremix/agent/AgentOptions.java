package io.jremix.agent;

import java.util.List;

import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.vbd.VbdOptions;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.OutputFiles;

/**
 * Everything jremix was asked to do, validated: the values {@link Spec} parsed from the options' declarations
 * (io.jremix.options), one record per feature, each checking the files it reads here, where the program will run,
 * and the files the run writes, checked together ({@link OutputFiles}).
 *
 * @param cache   cache-contention detection and repair (REMIX)
 * @param park    park-contention profiling ({@code -XXgetparkcontention}), {@code null} when off
 * @param vbd     volatile-by-default ({@code -XX:+VBD}, {@code -XX:VBDRelaxed=FILE}, {@code -XX:VBDReport=FILE})
 * @param outputs the files the run writes, each with the option that names it
 */
public record AgentOptions(CacheOptions cache, ParkOptions park, VbdOptions vbd, List<Output> outputs) {

    /** Parses the options the launcher passed (already split by {@link io.jremix.options.AgentArguments}), and checks their files. */
    public static AgentOptions parse(List<String> options) throws OptionException {
        Values v = Spec.parse(options);
        List<Output> outputs = Spec.outputs(v);
        OutputFiles.check(outputs);
        return new AgentOptions(CacheOptions.from(v), ParkOptions.from(v), VbdOptions.from(v), outputs);
    }
}
