package io.jremix.agent.jmx;

import java.util.List;

/** {@code io.jremix:type=ParkContention}: the park profiler's blockers so far, as a report at this moment would rank them. */
public interface ParkContentionMXBean {
    /**
     * The report's rows in its order (contention first, then most parked thread-time), the first
     * {@link JmxBeans#MAX_ROWS}.
     */
    List<ParkBlocker> getTopBlockers();

    /** Rows the report has, listed or not. */
    int getRowCount();

    /** Seconds since counting started: the span the utilisations are over. */
    double getSpanSeconds();
}
