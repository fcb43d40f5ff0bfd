package io.jremix.agent.jmx;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import javax.management.openmbean.TabularData;

import io.jremix.core.cache.Finding;
import io.jremix.core.cache.WindowHistory;

/** The findings of one cache-contention detection, read when asked. */
public final class CacheContention implements CacheContentionMBean {
    private final Supplier<List<Finding>> findings;
    private final WindowHistory history;

    /**
     * @param findings the findings so far, as a report would take them (the detection's snapshot, under its lock)
     * @param history  the detection's windows, which say when each finding was last seen
     */
    public CacheContention(Supplier<List<Finding>> findings, WindowHistory history) {
        this(findings, history, System::nanoTime);
    }

    CacheContention(Supplier<List<Finding>> findings, WindowHistory history, LongSupplier nanoTime) {
        this.findings = new SharedRead<>(findings, nanoTime);
        this.history = history;
    }

    @Override
    public TabularData getFindings() {
        WallClock clock = WallClock.now();
        return CacheFinding.ROWS.table(findings.get().stream().limit(JmxBeans.MAX_ROWS)
                .map(f -> CacheFinding.of(f, history.lastSeenNanos(f, clock.nanos()), clock)).toList());
    }

    @Override
    public int getFindingCount() {
        return findings.get().size();
    }
}
