package io.jremix.agent.jmx;

import java.util.List;

import io.jremix.core.cache.WindowHistory;

/**
 * A closed detection window as JMX shows it; the report's window history has the same figures.
 *
 * @param number            1 for the run's first window
 * @param openedEpochMillis when it opened, on the wall clock
 * @param closedEpochMillis when it closed
 * @param sampledAccesses   accesses sampled while it was open
 * @param sampledMisses     coherence misses counted towards findings while it was open
 * @param findings          findings with misses in it: its result, 0 for a window that found no contention
 * @param newFindings       those first found in it
 * @param findingClasses    their classes, the first {@link JmxBeans#MAX_ROWS}
 * @param costMillis        what it cost by the time the next window opened (JIT compilation beyond the program's,
 *                          and jremix's threads); -1 while not known, and for a first window opened with the program
 * @param shedClasses       classes it stopped tracing before it closed, for showing no contention
 */
public record DetectionWindowSummary(int number, long openedEpochMillis, long closedEpochMillis, long sampledAccesses,
                                     long sampledMisses, int findings, int newFindings, List<String> findingClasses,
                                     long costMillis, int shedClasses) {

    static DetectionWindowSummary of(WindowHistory.Window w) {
        List<WindowHistory.Seen> seen = w.findings();
        return new DetectionWindowSummary(w.number(), w.openedEpochMillis(),
                w.openedEpochMillis() + w.nanos() / 1_000_000, w.sampledAccesses(), w.sampledMisses(), seen.size(),
                (int) seen.stream().filter(WindowHistory.Seen::newFound).count(),
                seen.stream().map(WindowHistory.Seen::className).distinct().limit(JmxBeans.MAX_ROWS).toList(),
                w.costNanos() < 0 ? -1 : w.costNanos() / 1_000_000, w.shed().classes());
    }
}
