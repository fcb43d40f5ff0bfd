package io.jremix.agent.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.options.CacheContentionOptions;
import io.jremix.options.Option;
import io.jremix.options.OptionException;
import io.jremix.options.Spec;
import io.jremix.options.Values;
import io.jremix.report.AtomicFiles;

import static io.jremix.options.CacheContentionOptions.DEBUG;
import static io.jremix.options.CacheContentionOptions.HIT_VERBOSE;
import static io.jremix.options.CacheContentionOptions.LINE_SIZE;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.SAMPLING_RATIO;
import static io.jremix.options.CacheContentionOptions.WINDOW;

/**
 * Everything jremix was asked to do, validated: the values {@link Spec} parsed from the options' declarations
 * (io.jremix.options), and the files they name checked here, where the program will run.
 *
 * @param cacheMode     whether cache-contention detection (and later repair) is on
 * @param samplingRatio one traced access in this many is recorded, within a burst
 * @param bursts        when the probes trace while a window is open
 * @param verbose       progress lines on stderr
 * @param hitVerbose    one line per sampled coherence miss
 * @param debug         instrumentation details, including classes that could not be instrumented
 * @param report        report written at exit (JSON, or HTML for a name ending in {@code .html}), or {@code null}
 * @param profile       repair profile: applied at start in repair modes, merged with this run's findings at exit
 *                      when detection runs; {@code null} for none
 * @param lineSize      simulated cache-line size in bytes
 * @param threshold     estimated coherence misses per second that make a finding
 * @param windowNanos   how long tracing goes on after contention is first found
 * @param maxWindowNanos how long tracing goes on when no contention is found
 * @param rearmNanos    period after which a closed window opens again, 0 for never
 * @param park          park-contention profiling ({@code -XXgetparkcontention}), {@code null} when off
 * @param vbd           volatile-by-default ({@code -XX:+VBD}, {@code -XX:VBDRelaxed=FILE}, {@code -XX:VBDReport=FILE})
 */
public record AgentOptions(CacheMode cacheMode, int samplingRatio, Bursts bursts, boolean verbose, boolean hitVerbose, boolean debug,
                           Path report, Path profile, int lineSize, double threshold, long windowNanos,
                           long maxWindowNanos, long rearmNanos, ParkOptions park, VbdOptions vbd) {

    /** Off, detect only ({@code -remix:detect}) or detect and repair ({@code -remix}, {@code -remix:online}). */
    public enum CacheMode { OFF, DETECT, ONLINE }

    /** Parses the options the launcher passed (already split by {@link AgentArguments}), and checks their files. */
    public static AgentOptions parse(List<String> options) throws OptionException {
        Values v = Spec.parse(options);
        CacheMode mode = switch (v.get(CacheContentionOptions.MODE)) {
            case "online" -> CacheMode.ONLINE;
            case "detect" -> CacheMode.DETECT;
            default -> CacheMode.OFF;
        };
        return new AgentOptions(mode, v.get(SAMPLING_RATIO).intValue(),
                new Bursts(v.get(CacheContentionOptions.BURST), v.get(CacheContentionOptions.BURST_EVERY)),
                v.get(CacheContentionOptions.VERBOSE),
                v.get(HIT_VERBOSE), v.get(DEBUG), writableFile(v, CacheContentionOptions.REPORT), readableProfile(v),
                v.get(LINE_SIZE).intValue(), v.get(CacheContentionOptions.THRESHOLD), v.get(WINDOW),
                v.get(MAX_WINDOW), v.get(REARM), ParkOptions.from(v), VbdOptions.from(v));
    }

    /**
     * Tracing bursts: all threads trace for {@code nanos}, one starting every {@code everyNanos}; a burst of 0, or
     * as long as its period, leaves tracing on while the window is open.
     */
    public record Bursts(long nanos, long everyNanos) {
    }

    public boolean cacheDetection() {
        return cacheMode != CacheMode.OFF;
    }

    /**
     * Whether classes are padded at load: with {@code -remix} (online, and from the profile if one is given), or
     * with a profile alone (padding only, no detection). {@code -remix:detect} never changes the program.
     */
    public boolean repair() {
        return cacheMode == CacheMode.ONLINE || (cacheMode == CacheMode.OFF && profile != null);
    }

    /** A profile is read at start and written at exit: an existing one must be readable, its directory writable. */
    private static Path readableProfile(Values v) throws OptionException {
        Path p = writableFile(v, PROFILE);
        if (p != null && Files.exists(p) && !Files.isReadable(p)) {
            throw new OptionException("cannot read '" + v.text(PROFILE) + "'");
        }
        return p;
    }

    /** An output file ({@code null} if not asked for): refused now, before the program runs, if it could not be written at exit. */
    static Path writableFile(Values v, Option<Path> option) throws OptionException {
        Path p = v.get(option);
        if (p == null) {
            return null;
        }
        try {
            AtomicFiles.checkWritable(p);
            return p;
        } catch (IOException e) {
            throw new OptionException("cannot write '" + v.text(option) + "': " + e.getMessage());
        }
    }
}
