package io.jremix.report;

import java.util.Comparator;
import java.util.List;

import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.WaitKind;

/**
 * Everything a park-contention report says, taken at one moment: the text and JSON reports both render this one
 * object, so they always agree.
 *
 * @param trigger             {@code exit} or {@code dump}
 * @param totalExecutionNanos from the agent's start to this report, the denominator of the utilisations
 * @param settings            the options in force
 * @param blockers            every record, shown or not
 * @param nullBlockerParks    parks without a blocker: counted, not attributed
 * @param untrackedParks      parks on blockers that arrived after the record limit was reached
 * @param maxRecords          the record limit
 * @param droppedRecords      records of collected blockers dropped after this report (freeOnPrint)
 * @param monitors            contention on {@code synchronized} monitors, from JFR; empty without it
 */
public record ParkRun(String trigger, long totalExecutionNanos, Settings settings, List<Blocker> blockers,
                      long nullBlockerParks, long untrackedParks, int maxRecords, int droppedRecords,
                      List<MonitorSnapshot> monitors) {

    /** The {@code -XXgetparkcontention} sub-options that shape the report. */
    public record Settings(long threshold, long printThreshold, boolean freeOnPrint) {
    }

    /**
     * @param stats     the record's counters and metrics
     * @param collected whether the GC has collected the blocker (the seed's "dead" flag)
     * @param kind      lock contention, a wait for a condition, or an idle pool thread waiting for work: read once
     *                  from the first-park stack, since sorting and both reports ask for it
     */
    public record Blocker(ParkSnapshot stats, boolean collected, WaitKind kind) {
        public Blocker(ParkSnapshot stats, boolean collected) {
            this(stats, collected, WaitKind.of(stats.className(), stats.stackTrace()));
        }
    }

    /**
     * Idle pool threads last, so that they never pass for contention; otherwise most parked thread-time first, the
     * order of the seed's bottleneck tables.
     */
    private static final Comparator<Blocker> ORDER = Comparator
            .comparing((Blocker b) -> b.kind() == WaitKind.IDLE)
            .thenComparing(Comparator.comparingLong((Blocker b) -> b.stats().parkThreadTimeNanos()).reversed())
            .thenComparing(Comparator.comparingLong((Blocker b) -> b.stats().timesParked()).reversed())
            .thenComparing(b -> b.stats().className())
            .thenComparingInt(b -> b.stats().identityHash());

    public ParkRun {
        blockers = List.copyOf(blockers);
        monitors = List.copyOf(monitors);
    }

    /**
     * The blockers parked at least {@code printThreshold} times (3.3.2), by thread-time utilisation, highest first
     * (thread-time utilisation is thread-time over one common total, so this is thread-time order).
     */
    public List<Blocker> shown() {
        return blockers.stream().filter(b -> b.stats().timesParked() >= settings.printThreshold()).sorted(ORDER).toList();
    }

    /** The monitors with at least {@code printThreshold} blocked enters and waits, most blocked thread-time first. */
    public List<MonitorSnapshot> shownMonitors() {
        return monitors.stream()
                .filter(m -> m.enters().timesParked() + m.waits().timesParked() >= settings.printThreshold())
                .toList();
    }

    public double totalExecutionMs() {
        return totalExecutionNanos / 1e6;
    }
}
