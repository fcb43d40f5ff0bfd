package io.jremix.agent.cache;

import java.math.BigDecimal;
import java.util.random.RandomGenerator;

import io.jremix.core.cache.Thresholds;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.Option;
import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.report.cache.RepairProfile;

import static io.jremix.options.CacheContentionOptions.BUDGET;
import static io.jremix.options.CacheContentionOptions.BURST;
import static io.jremix.options.CacheContentionOptions.BURST_EVERY;
import static io.jremix.options.CacheContentionOptions.COST_SHARE;
import static io.jremix.options.CacheContentionOptions.MODE;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.SAMPLING_RATIO;
import static io.jremix.options.CacheContentionOptions.THRESHOLD;

/**
 * Cache-contention detection and repair (REMIX): {@code -remix}, {@code -remix:detect} and the {@code -XX:REMIX*}
 * options, read with the constants that declare them ({@link CacheContentionOptions}: {@code get(WINDOW)}), and
 * what several of them decide together: the mode, the bursts, the ratio within a burst, the thresholds. The profile
 * is checked where the program will run when these are made.
 *
 * @param values the parsed options
 */
public record CacheOptions(Values values) {

    /** Off, detect only ({@code -remix:detect}) or detect and repair ({@code -remix}, {@code -remix:online}). */
    public enum Mode { OFF, DETECT, ONLINE }

    public static CacheOptions from(Values v) throws OptionException {
        CacheOptions options = new CacheOptions(v);
        RepairProfile.checkOption(v);
        return options;
    }

    /** The option's value, given or default. */
    public <T> T get(Option<T> option) {
        return values.get(option);
    }

    public Mode mode() {
        return switch (values.get(MODE)) {
            case "online" -> Mode.ONLINE;
            case "detect" -> Mode.DETECT;
            default -> Mode.OFF;
        };
    }

    /** When the probes trace while a window is open. */
    public Bursts bursts() {
        return new Bursts(values.get(BURST), values.get(BURST_EVERY));
    }

    /** One traced access in this many is recorded, within a burst. */
    public int samplingRatio() {
        int ratio = values.get(SAMPLING_RATIO).intValue();
        return values.given(SAMPLING_RATIO) ? ratio : bursts().ratioWithin(ratio);
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
     * What makes a finding: REMIXCostShare, what the misses cost the threads that touch a line, unless
     * REMIXThreshold, their rate, is given alone: then the rate decides, as before the cost did; given
     * together, both must hold.
     */
    public Thresholds thresholds() {
        boolean byRate = values.given(THRESHOLD);
        double share = byRate && !values.given(COST_SHARE) ? 0 : values.get(COST_SHARE) / 100;
        return new Thresholds(Thresholds.DEFAULT_MIN_SAMPLED, byRate ? values.get(THRESHOLD) : 0,
                Thresholds.DEFAULT_MIN_SPAN_NANOS, share);
    }

    /** The budget as it is written: {@code 2%}, {@code 0.5%}. */
    public String budgetText() {
        return BigDecimal.valueOf(values.get(BUDGET)).stripTrailingZeros().toPlainString() + "%";
    }

    public boolean detection() {
        return mode() != Mode.OFF;
    }

    /**
     * Whether classes are padded at load: with {@code -remix} (online, and from the profile if one is given), or
     * with a profile alone (padding only, no detection). {@code -remix:detect} never changes the program.
     */
    public boolean repair() {
        Mode mode = mode();
        return mode == Mode.ONLINE || (mode == Mode.OFF && values.get(PROFILE) != null);
    }
}
