package io.jremix.agent.cache;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.random.RandomGenerator;

import io.jremix.core.cache.Thresholds;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.report.cache.RepairProfile;

import static io.jremix.options.CacheContentionOptions.DEBUG;
import static io.jremix.options.CacheContentionOptions.HIT_VERBOSE;
import static io.jremix.options.CacheContentionOptions.LINE_SIZE;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.SAMPLING_RATIO;
import static io.jremix.options.CacheContentionOptions.WINDOW;

/**
 * Cache-contention detection and repair (REMIX): {@code -remix}, {@code -remix:detect} and the {@code -XX:REMIX*}
 * options declared in {@link CacheContentionOptions}, with the files they name checked where the program will run.
 *
 * @param mode          whether detection (and later repair) is on
 * @param samplingRatio one traced access in this many is recorded, within a burst
 * @param bursts        when the probes trace while a window is open
 * @param verbose       progress lines on stderr
 * @param hitVerbose    one line per sampled coherence miss
 * @param debug         instrumentation details, including classes that could not be instrumented
 * @param report        report written at exit (JSON, or HTML for a name ending in {@code .html}), or {@code null}
 * @param profile       repair profile: applied at start in repair modes, merged with this run's findings at exit
 *                      when detection runs; {@code null} for none
 * @param lineSize      simulated cache-line size in bytes
 * @param thresholds    what makes a finding: what the misses cost the threads that touch a line (REMIXCostShare),
 *                      or their rate (REMIXThreshold)
 * @param windowNanos   how long tracing goes on after contention is first found
 * @param maxWindowNanos how long tracing goes on when no contention is found
 * @param shedAfterNanos how long a class shows no contention before a window stops tracing it, 0 for never
 * @param classWindowNanos how long a window traces a class at most after two threads first ran it, 0 for as long
 *                      as the window
 * @param rearmNanos    period after which a closed window opens again, 0 for never
 * @param hotClasses    how many classes a re-armed window probes at most, 0 for every class
 * @param backOff       how many windows a class selected but quiet in its last windows skips at most, 0 for none
 * @param budget        share of the time, in percent, that a re-armed window may cost before the next opens
 * @param padJdkClasses whether repair may pad JDK classes, growing them in the whole JVM
 * @param countLive     whether the report at exit counts the padded classes' live instances
 */
public record CacheOptions(Mode mode, int samplingRatio, Bursts bursts, boolean verbose, boolean hitVerbose,
                           boolean debug, Path report, Path profile, int lineSize, Thresholds thresholds, long windowNanos,
                           long maxWindowNanos, long shedAfterNanos, long classWindowNanos, long rearmNanos,
                           int hotClasses, int backOff, double budget, boolean padJdkClasses, boolean countLive) {

    /** Off, detect only ({@code -remix:detect}) or detect and repair ({@code -remix}, {@code -remix:online}). */
    public enum Mode { OFF, DETECT, ONLINE }

    public static CacheOptions from(Values v) throws OptionException {
        Mode mode = switch (v.get(CacheContentionOptions.MODE)) {
            case "online" -> Mode.ONLINE;
            case "detect" -> Mode.DETECT;
            default -> Mode.OFF;
        };
        Bursts bursts = new Bursts(v.get(CacheContentionOptions.BURST), v.get(CacheContentionOptions.BURST_EVERY));
        int ratio = v.get(SAMPLING_RATIO).intValue();
        return new CacheOptions(mode, v.given(SAMPLING_RATIO) ? ratio : bursts.ratioWithin(ratio), bursts,
                v.get(CacheContentionOptions.VERBOSE),
                v.get(HIT_VERBOSE), v.get(DEBUG), v.get(CacheContentionOptions.REPORT), readableProfile(v, mode),
                v.get(LINE_SIZE).intValue(), thresholds(v), v.get(WINDOW),
                v.get(MAX_WINDOW), v.get(CacheContentionOptions.SHED_AFTER), v.get(CacheContentionOptions.CLASS_WINDOW),
                v.get(REARM),
                v.get(CacheContentionOptions.HOT_CLASSES).intValue(), v.get(CacheContentionOptions.BACK_OFF).intValue(),
                v.get(CacheContentionOptions.BUDGET), v.get(CacheContentionOptions.PAD_JDK_CLASSES),
                !v.get(CacheContentionOptions.SKIP_LIVE_COUNT));
    }

    /**
     * Tracing bursts: all threads trace for {@code nanos}, one starting every {@code everyNanos} on average; a burst
     * of 0, or as long as its period, leaves tracing on while the window is open.
     */
    public record Bursts(long nanos, long everyNanos) {
        /** Whether tracing comes in bursts: a burst as long as its period leaves no gap. */
        public boolean on() {
            return nanos > 0 && nanos < everyNanos;
        }

        /**
         * The ratio within a burst that records as many of the window's accesses as {@code overallRatio} does with
         * tracing all the time: bursts that trace 1% of the time at 1:10 sample one access in 1000, as the default
         * does, and so need no longer to sample the misses a finding takes. Unchanged without bursts.
         */
        public int ratioWithin(int overallRatio) {
            return on() ? (int) Math.max(1, Math.round((double) overallRatio * nanos / everyNanos)) : overallRatio;
        }

        /**
         * Nanoseconds from one burst's start to the next: drawn between half and one and a half times
         * {@code everyNanos}, never less than a burst. At a fixed spacing the bursts fall in step with a program
         * that works on a period of its own (a service woken every 20 ms, bursts every 50: always the same two
         * phases of its period), and then see all of its contention or none of it.
         */
        public long spacing(RandomGenerator random) {
            return Math.max(nanos, everyNanos / 2 + random.nextLong(everyNanos));
        }
    }

    /**
     * REMIXCostShare, unless REMIXThreshold is given alone: then the rate decides, as before the cost did; given
     * together, both must hold.
     */
    private static Thresholds thresholds(Values v) {
        boolean byRate = v.given(CacheContentionOptions.THRESHOLD);
        double share = byRate && !v.given(CacheContentionOptions.COST_SHARE) ? 0
                : v.get(CacheContentionOptions.COST_SHARE) / 100;
        return new Thresholds(Thresholds.DEFAULT_MIN_SAMPLED, byRate ? v.get(CacheContentionOptions.THRESHOLD) : 0,
                Thresholds.DEFAULT_MIN_SPAN_NANOS, share);
    }

    /** The budget as it is written: {@code 2%}, {@code 0.5%}. */
    public String budgetText() {
        return BigDecimal.valueOf(budget).stripTrailingZeros().toPlainString() + "%";
    }

    public boolean detection() {
        return mode != Mode.OFF;
    }

    /**
     * Whether classes are padded at load: with {@code -remix} (online, and from the profile if one is given), or
     * with a profile alone (padding only, no detection). {@code -remix:detect} never changes the program.
     */
    public boolean repair() {
        return mode == Mode.ONLINE || (mode == Mode.OFF && profile != null);
    }

    /**
     * A profile is read at start, so one that exists must be readable and a usable profile (repair reads it again
     * where it starts). Without detection, which adds its findings to it at exit (checked with the run's outputs),
     * the run only pads from it: then it must exist.
     */
    private static Path readableProfile(Values v, Mode mode) throws OptionException {
        Path p = v.get(PROFILE);
        String problem = null;
        if (p == null) {
            return null;
        } else if (Files.isDirectory(p)) {
            problem = "it is a directory";
        } else if (Files.exists(p) && !Files.isReadable(p)) {
            problem = "it is not readable";
        } else if (!Files.exists(p) && mode == Mode.OFF) {
            problem = "no such file; without -remix or -remix:detect a run only pads from an existing profile";
        }
        if (problem != null) {
            throw new OptionException("cannot read '" + v.argument(PROFILE) + "': " + problem);
        }
        if (Files.exists(p)) {
            try {
                RepairProfile.read(p);
            } catch (RepairProfile.UnusableProfileException e) {
                throw new OptionException("unusable profile '" + v.text(PROFILE) + "': " + e.getMessage());
            }
        }
        return p;
    }
}
