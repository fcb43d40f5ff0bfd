package io.jremix.workloads.cache.repair;

import io.jremix.workloads.cache.Workload;

/**
 * A Disruptor-style sequence: one {@code long} cursor that one thread publishes and others wait on. The two
 * implementations are {@link Sequence} (no padding: consecutive sequences share cache lines) and
 * {@link PaddedSequence} (padded by hand, a cache line to itself). The benchmarks' loops are written against this
 * class, and a run allocates only one of the two, so every call site sees one receiver class and is inlined.
 *
 * <p>Also holds the helpers the sequence benchmarks share: consecutive allocation, the minimum of gating sequences,
 * and a yielding wait like the Disruptor's {@code YieldingWaitStrategy}.
 */
public abstract class AbstractSequence {
    /** The value of a new sequence: nothing published or processed yet. */
    public static final long INITIAL_VALUE = -1L;
    /** How often a waiting thread re-reads the sequence before it starts yielding its core. */
    public static final int SPIN_TRIES = 100;

    AbstractSequence() {
    }

    /** Reads the sequence (a volatile read). */
    public abstract long get();

    /**
     * Publishes {@code value} with a volatile store. On x86 that is a store and a full fence: the thread waits
     * until it owns the cache line, so a line that other threads keep taking costs it a coherence miss per store.
     */
    public abstract void set(long value);

    /** Atomically sets the sequence to {@code value} if it is {@code expected}. */
    public abstract boolean compareAndSet(long expected, long value);

    /**
     * {@code n} sequences at {@link #INITIAL_VALUE}, {@link PaddedSequence}s if {@code padded}, else {@link Sequence}s,
     * allocated back to back (nothing else in between), so that plain ones are neighbours in memory.
     */
    public static AbstractSequence[] allocate(boolean padded, int n) {
        AbstractSequence[] sequences = new AbstractSequence[n];
        return padded
                ? Workload.consecutive(sequences, i -> new PaddedSequence(INITIAL_VALUE))
                : Workload.consecutive(sequences, i -> new Sequence(INITIAL_VALUE));
    }

    /** The smallest value of {@code sequences[from..]}, or {@code Long.MAX_VALUE} if there is none. */
    public static long minimum(AbstractSequence[] sequences, int from) {
        long min = Long.MAX_VALUE;
        for (int i = from; i < sequences.length; i++) {
            min = Math.min(min, sequences[i].get());
        }
        return min;
    }

    /**
     * Waits until {@code dependency} reaches {@code sequence} and returns its value then (which may be higher): it
     * re-reads {@value #SPIN_TRIES} times, then yields the core between reads, so that more threads than cores
     * still make progress.
     */
    public static long waitFor(long sequence, AbstractSequence dependency) {
        long available;
        int spins = SPIN_TRIES;
        while ((available = dependency.get()) < sequence) {
            if (spins == 0) {
                Thread.yield();
            } else {
                spins--;
            }
        }
        return available;
    }

    /** Like {@link #waitFor(long, AbstractSequence)}, on the minimum of {@code sequences[from..]}. */
    public static long waitFor(long sequence, AbstractSequence[] sequences, int from) {
        long available;
        int spins = SPIN_TRIES;
        while ((available = minimum(sequences, from)) < sequence) {
            if (spins == 0) {
                Thread.yield();
            } else {
                spins--;
            }
        }
        return available;
    }
}
