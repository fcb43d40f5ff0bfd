package io.jremix.jmh.samples;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * False sharing, as JMH users meet it: two threads, each incrementing its own counter of one shared object. In
 * {@code adjacent} the two counters are neighbours on one cache line, which moves between the cores on every write;
 * in {@code padded}, the control, 128 bytes of other fields keep them on lines of their own. Run it with
 * {@code -prof io.jremix.jmh.CacheContentionProfiler}: the first is reported, the second is not.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FalseSharingBenchmark {
    /** Two counters side by side (volatile, so each increment is a write the loop cannot keep in a register). */
    @State(Scope.Group)
    public static class Adjacent {
        volatile long left;
        volatile long right;
    }

    @Benchmark
    @Group("adjacent")
    @GroupThreads(1)
    public long adjacentLeft(Adjacent counters) {
        return counters.left++;
    }

    @Benchmark
    @Group("adjacent")
    @GroupThreads(1)
    public long adjacentRight(Adjacent counters) {
        return counters.right++;
    }

    @Benchmark
    @Group("padded")
    @GroupThreads(1)
    public long paddedLeft(Padded counters) {
        return counters.left++;
    }

    @Benchmark
    @Group("padded")
    @GroupThreads(1)
    public long paddedRight(Padded counters) {
        return counters.right++;
    }

    /** The first counter; a superclass's fields come first in an object, so the padding stays between the two. */
    public static class PaddedLeft {
        volatile long left;
    }

    /** 128 bytes: two lines of 64 bytes, as adjacent-line prefetching pairs them. */
    public static class PaddedGap extends PaddedLeft {
        long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
    }

    /** The second counter, 128 bytes after the first. */
    @State(Scope.Group)
    public static class Padded extends PaddedGap {
        volatile long right;
    }
}
