package io.jremix.agent.jmx;

import javax.management.openmbean.TabularData;

/** {@code io.jremix:type=CacheContention}: REMIX's findings so far, as a report at this moment would list them. */
public interface CacheContentionMBean {
    /**
     * The findings in the report's order (the program's classes first, most misses first), the first
     * {@link JmxBeans#MAX_ROWS}: a table of {@link CacheFinding}s indexed by class, kind, location, fields and site.
     */
    TabularData getFindings();

    /** How many findings there are, listed or not. */
    int getFindingCount();
}
