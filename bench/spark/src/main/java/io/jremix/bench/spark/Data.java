package io.jremix.bench.spark;

/** The generated records: a key and a value from a record's index alone, so every run and mode sees the same data. */
final class Data {
    /** Records per data set: spark-perf's scale reduced to what local[2] runs in about a second. */
    static final int RECORDS = 500_000;
    /** Distinct keys of the aggregations and joins. */
    static final int KEYS = 10_000;
    static final int PARTITIONS = 4;

    private Data() {
    }

    /** A well-mixed 64-bit value of {@code i} (SplitMix64's finalizer). */
    static long mix(long i) {
        long z = i * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static int key(long i) {
        return (int) Math.floorMod(mix(i), (long) KEYS);
    }

    static int value(long i) {
        return (int) (mix(i + RECORDS) >>> 44);
    }
}
