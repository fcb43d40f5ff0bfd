package io.jremix.core.cache;

/**
 * When contention becomes a finding: by default, when its misses cost the threads that touch the line a share of
 * their running time; or, as before that rule, at a fixed rate of estimated misses. Both are checked, each off at 0.
 *
 * <p>A miss costs {@value #MISS_NANOS} ns, a read of a line another core holds modified on one socket (published
 * figures: about 75 cycles in Intel's Nehalem performance guide, 40–42 ns core to core on a Broadwell-EP by Intel's
 * Memory Latency Checker, 50–100 ns on later server meshes and across the dies of one package). A line's cost share
 * is its estimated misses times that cost over the CPU time of the threads that missed or wrote there, in the same
 * span: a thread that waits for a core, on a loaded machine, neither misses nor runs, so the share is the same
 * whether its threads run all the time or take turns. Both the misses and the running time are the traced
 * program's, which the probes slow down, and the misses are estimated from sampled accesses: the share is a lower
 * bound, well below what the line costs the program untraced.
 *
 * @param minSampled         sampled misses needed before a rate is trusted
 * @param minEventsPerSecond estimated misses per second (sampled misses times the accesses each sample stands for)
 *                           needed; 0 for any
 * @param minSpanNanos       shortest span a rate is computed over, so that a short burst cannot look like a storm
 * @param minCostShare       share of its threads' running time the misses must cost, from 0 (any) to 1
 */
public record Thresholds(long minSampled, double minEventsPerSecond, long minSpanNanos, double minCostShare) {
    public static final long DEFAULT_MIN_SAMPLED = 32;
    /** The rate that made a finding before the cost rule, still used by {@code -XX:REMIXThreshold}. */
    public static final double DEFAULT_EVENTS_PER_SECOND = 100_000;
    public static final long DEFAULT_MIN_SPAN_NANOS = 250_000_000L;
    /** 0.03% of the threads' running time: about 12,000 estimated misses a second between two threads on cores. */
    public static final double DEFAULT_COST_SHARE = 0.0003;
    /** What one miss costs the thread that makes it. */
    public static final double MISS_NANOS = 50;

    public Thresholds {
        if (minSampled < 1 || minEventsPerSecond < 0 || minSpanNanos < 1 || !(minCostShare >= 0 && minCostShare <= 1)) {
            throw new IllegalArgumentException("bad thresholds");
        }
    }

    /** A rate of estimated misses alone, whatever they cost. */
    public Thresholds(long minSampled, double minEventsPerSecond, long minSpanNanos) {
        this(minSampled, minEventsPerSecond, minSpanNanos, 0);
    }

    public static Thresholds withRate(double minEventsPerSecond) {
        return new Thresholds(DEFAULT_MIN_SAMPLED, minEventsPerSecond, DEFAULT_MIN_SPAN_NANOS);
    }

    /** A share of the threads' running time alone, whatever the rate. */
    public static Thresholds withCostShare(double minCostShare) {
        return new Thresholds(DEFAULT_MIN_SAMPLED, 0, DEFAULT_MIN_SPAN_NANOS, minCostShare);
    }

    /**
     * Whether {@code sampled} misses observed over {@code spanNanos} qualify, each sample standing for {@code scale}
     * accesses (the sampling ratio, times open over traced time when tracing comes in bursts), made or suffered by
     * threads that were on a core for {@code onCore} of that span together ({@link ThreadTimes#onCore}).
     */
    public boolean exceeded(long sampled, long spanNanos, double scale, double onCore) {
        return sampled >= minSampled && level(sampled, spanNanos, scale, onCore) >= 1;
    }

    /** How far the misses are towards the thresholds: 1 reaches them, 0.5 is half of the stricter. */
    public double level(long sampled, long spanNanos, double scale, double onCore) {
        double rate = rate(sampled, spanNanos, scale);
        double level = minEventsPerSecond > 0 ? rate / minEventsPerSecond : Double.POSITIVE_INFINITY;
        return minCostShare > 0 ? Math.min(level, costShare(rate, onCore) / minCostShare) : level;
    }

    /** Estimated misses per second. */
    public double rate(long sampled, long spanNanos, double scale) {
        return sampled * scale * 1e9 / Math.max(spanNanos, minSpanNanos);
    }

    /**
     * The time {@code misses} a second cost, over {@code onCore} seconds of running time a second; at most all of it
     * (threads that run at once would miss more slowly than their accesses came).
     */
    public static double costShare(double missesPerSecond, double onCore) {
        return Math.min(1, missesPerSecond * MISS_NANOS / 1e9 / onCore);
    }

    /**
     * What a line would cost two threads that ran at once, thread A writing one field at {@code rateA} a second and
     * thread B writing (or only reading) another at {@code rateB}, each rate over the time the thread was on a core.
     * Two streams of accesses that interleave at random alternate {@code 2ab/(a+b)} times a second, and each
     * alternation is a miss where both write; where B only reads, only B's access after A's write misses (A's write
     * after B's read finds the line shared, as in {@link CacheLineSimulator}). Their running time is two seconds a
     * second.
     */
    public static double predictedShare(double rateA, double rateB, boolean bothWrite) {
        if (!(rateA > 0 && rateB > 0)) {
            return 0;
        }
        double alternations = 2 * rateA * rateB / (rateA + rateB);
        return costShare(bothWrite ? alternations : alternations / 2, 2);
    }

    /** Whether a predicted pair qualifies: each thread at the rate, and the line at the cost share. */
    public boolean predicts(double wallRateA, double wallRateB, double share) {
        return Math.min(wallRateA, wallRateB) >= minEventsPerSecond && share >= minCostShare;
    }

    /**
     * Whether one side of a pair, {@code sampled} accesses over {@code spanNanos} by a thread on a core for
     * {@code onCore} of it, could take part in one that qualifies: with the other side infinitely fast, the pair costs
     * at most what this side's accesses would miss.
     */
    public boolean couldPredict(long sampled, long spanNanos, double scale, double onCore) {
        double rate = rate(sampled, spanNanos, scale);
        return sampled >= minSampled && rate >= minEventsPerSecond && costShare(rate / onCore, 1) >= minCostShare;
    }

    /**
     * The estimated misses per second that reach the thresholds between two threads that run all the time: how long
     * contention near the thresholds takes to show.
     */
    public double ratePerSecond() {
        return Math.max(minEventsPerSecond, minCostShare * 2 * 1e9 / MISS_NANOS);
    }
}
