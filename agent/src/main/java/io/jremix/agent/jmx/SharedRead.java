package io.jremix.agent.jmx;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One read of a feature's state that the attributes asked for together share. A JMX client reads a bean's attributes
 * in one burst (the Prometheus exporter's {@code getAttributes}, JConsole's refresh), and each read is a snapshot:
 * the park profiler's sweeps its blocker table, the detector's copies its findings under its lock. Reads within
 * {@value #SHARED_NANOS} ns of the last one get that one, which also makes the attributes of one burst agree.
 */
final class SharedRead<T> implements Supplier<T> {
    /** Covers one client's burst of reads; shorter than any client polls (JConsole 4 s, a scrape 1 s or more). */
    static final long SHARED_NANOS = 200_000_000L;
    private final Supplier<T> read;
    private final LongSupplier nanoTime;
    private T last;
    private long lastAt;

    SharedRead(Supplier<T> read, LongSupplier nanoTime) {
        this.read = read;
        this.nanoTime = nanoTime;
    }

    @Override
    public synchronized T get() {
        long now = nanoTime.getAsLong();
        if (last == null || now - lastAt >= SHARED_NANOS) {
            last = read.get();
            lastAt = now;
        }
        return last;
    }
}
