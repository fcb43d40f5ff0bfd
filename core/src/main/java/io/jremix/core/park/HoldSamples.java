package io.jremix.core.park;

/**
 * Estimates how long a lock is held from samples that are each one hold or several holds back to back, which is
 * all a profiler sees of a lock whose holder can take it again without waiting.
 *
 * <p>Where the samples come from: for a {@code LockSupport} blocker, from a thread's return from a park on it (it
 * got the lock, a permit) to its first unpark of a thread parked on the same blocker (its release to that thread;
 * see {@link ParkRecord}); for a monitor, the <i>hand-off gap</i> between two acquisitions after blocking, taken
 * when the second thread was already blocked at the first (see {@link IntervalFeed}). Either is one hold when the
 * holder releases to a waiter, but k holds when it released with no one waiting, or lost nothing by releasing,
 * and took the lock again at once without parking: a releaser that re-enters a monitor at once wins over the
 * thread it woke (k × hold: real-time over unparks gave 26.7–42.8 ms for a 10.2 ms section), a semaphore holder
 * whose release found no one parked takes a free permit again. Real-time over unparks, the thesis's estimate
 * (section 3.7.11), is also wrong the other way for a semaphore of n permits: it wakes a thread n times per hold
 * (hold / n).
 *
 * <p>The estimate is the mean of the <i>single-hold samples</i>: those from a floor up to twice it. The floor is
 * the shortest sample once the shortest one in {@value #OUTLIERS_PER} are set aside (with fewer samples, the
 * shortest itself): a sample far shorter than any hold, such as a thread that wakes the next waiter as soon as it
 * gets a permit, would otherwise set a floor that leaves out every real hold. A sample of two holds or more is at
 * least twice the shortest hold, so those do not count as long as the lock's holds vary by less than a factor of
 * two (and the shortest holds are not all set aside); samples of one hold are all kept, so holds that vary within
 * that range still average right. Holds that vary more (one lock guarding a 4 ms and a 64 ms section) come out as
 * the mean of the shorter ones, a lower figure, as long as those are at least one sample in {@value #OUTLIERS_PER}.
 *
 * <p>Samples are counted in buckets of an eighth of a power of two (count and sum per bucket), from 1 µs (shorter
 * ones share the first) to about 18 minutes (longer ones share the last), allocated at the first sample; the floor
 * and twice it are bucket bounds, so single holds count from the floor's bucket up to the octave above it.
 * Not thread-safe: the caller adds from one thread at a time.
 */
public final class HoldSamples {
    private static final int BUCKETS_PER_OCTAVE = 8;
    private static final int FIRST_OCTAVE = 10;
    private static final int OCTAVES = 30;
    private static final int BUCKETS = OCTAVES * BUCKETS_PER_OCTAVE;
    /** One in this many samples, the shortest, may fall below the floor. */
    private static final int OUTLIERS_PER = 32;

    private long[] counts;
    private long[] sums;

    /** Buckets for a first sample, made by the caller so that it can make them outside anything it holds. */
    public static long[][] buckets() {
        return new long[][] {new long[BUCKETS], new long[BUCKETS]};
    }

    /** Whether {@link #add} needs {@link #buckets()} passed in. */
    public boolean needsBuckets() {
        return counts == null;
    }

    /** One sample; {@code buckets} is used if this is the first (see {@link #needsBuckets()}). */
    public void add(long nanos, long[][] buckets) {
        if (nanos <= 0) {
            return;
        }
        if (counts == null) {
            counts = buckets[0];
            sums = buckets[1];
        }
        int b = bucket(nanos);
        counts[b]++;
        sums[b] += nanos;
    }

    /** Single-hold samples, per the class comment. */
    public long singleHoldCount() {
        return sum(counts);
    }

    /** Their total time. */
    public long singleHoldNanos() {
        return sum(sums);
    }

    private long sum(long[] field) {
        if (field == null) {
            return 0;
        }
        int floor = floorBucket();
        long total = 0;
        for (int b = floor; b < Math.min(BUCKETS, floor + BUCKETS_PER_OCTAVE); b++) {
            total += field[b];
        }
        return total;
    }

    /** The bucket of the shortest sample left once the shortest one in {@value #OUTLIERS_PER} are set aside. */
    private int floorBucket() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        long rank = 1 + n / OUTLIERS_PER;
        long seen = 0;
        int b = 0;
        while ((seen += counts[b]) < rank) {
            b++;
        }
        return b;
    }

    private static int bucket(long nanos) {
        double octaves = Math.log(nanos) / Math.log(2) - FIRST_OCTAVE;
        return (int) Math.max(0, Math.min(BUCKETS - 1, Math.floor(octaves * BUCKETS_PER_OCTAVE)));
    }
}
