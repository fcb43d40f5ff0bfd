package io.jremix.agent.jmx;

import java.util.List;

/** {@code io.jremix:type=CacheContention}: REMIX's findings so far, as a report at this moment would list them. */
public interface CacheContentionMXBean {
    /** The findings, in the report's order (the program's classes first, most misses first), the first {@link JmxBeans#MAX_ROWS}. */
    List<CacheFinding> getFindings();

    /** How many findings there are, listed or not. */
    int getFindingCount();
}
