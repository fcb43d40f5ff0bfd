package io.jremix.agent.jmx;

import javax.management.openmbean.TabularData;

/** {@code io.jremix:type=ParkContention}: the park profiler's blockers so far, as a report at this moment would rank them. */
public interface ParkContentionMBean {
    /**
     * The report's rows in its order (contention first, then most parked thread-time), the first
     * {@link JmxBeans#MAX_ROWS}: a table of {@link ParkBlocker}s indexed by blocker class, wait kind and site.
     */
    TabularData getTopBlockers();

    /** Rows the report has, listed or not. */
    int getRowCount();

    /** Seconds since counting started: the span the utilisations are over. */
    double getSpanSeconds();
}
