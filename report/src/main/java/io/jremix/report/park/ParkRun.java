package io.jremix.report.park;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;
import io.jremix.core.park.WaitKind;

/**
 * Everything a park-contention report says, taken at one moment: the text and JSON reports both render this one
 * object, so they always agree.
 *
 * @param trigger             {@code exit}, {@code dump}, {@code stop}, {@code interval} or {@code jmx} (an MBean read)
 * @param startNanos          {@link System#nanoTime()} when counting started: the timelines' times are relative to it
 * @param totalExecutionNanos from the start of counting to this report, the denominator of the utilisations
 * @param settings            the options in force
 * @param blockers            every record, shown or not
 * @param nullBlockerParks    parks without a blocker: counted, not attributed
 * @param untrackedParks      parks on blockers that arrived after the record limit was reached
 * @param maxRecords          the record limit
 * @param droppedRecords      records of collected blockers dropped after this report (freeOnPrint)
 * @param monitors            contention on {@code synchronized} monitors, from JFR; empty without it
 */
public record ParkRun(String trigger, long startNanos, long totalExecutionNanos, Settings settings, List<Blocker> blockers,
                      long nullBlockerParks, long untrackedParks, int maxRecords, int droppedRecords,
                      List<MonitorSnapshot> monitors) {

    /**
     * The {@code -XXgetparkcontention} sub-options that shape the report.
     *
     * @param rows            rows each text table shows at most, the first of {@link #shown} or
     *                        {@link #shownMonitors}; 0 shows all. The JSON report has every row.
     * @param intervalSeconds period of the reports made while the program runs, 0 for none
     */
    public record Settings(long threshold, long printThreshold, boolean freeOnPrint, int rows, double intervalSeconds) {
    }

    /**
     * One row of the report: a blocker, or several small ones of one class first parked at one site, added up.
     *
     * @param stats             the record's counters and metrics (for several, {@link ParkSnapshot#sum})
     * @param collected         whether the GC has collected the blocker (the thesis's "dead" flag); for several,
     *                          whether it has collected them all
     * @param kind              why threads waited ({@link WaitKind#of(ParkSnapshot)}): read once, since sorting
     *                          and every report ask for it
     * @param blockers          how many blockers the row stands for
     * @param collectedBlockers how many of them the GC has collected
     */
    public record Blocker(ParkSnapshot stats, boolean collected, WaitKind kind, int blockers, int collectedBlockers) {
        public Blocker(ParkSnapshot stats, boolean collected) {
            this(stats, collected, WaitKind.of(stats), 1, collected ? 1 : 0);
        }

        /**
         * Whether only jremix parked here ({@link BlockerNames#isProfilerOverhead(String, List)} at every site, or
         * at the first park where no sites are kept): such a row is jremix's cost, not the program's contention,
         * and no table shows it.
         */
        public boolean profilerOverhead() {
            List<SiteSnapshot> sites = stats.sites();
            if (sites.isEmpty()) {
                return stats.threadName() != null
                        && BlockerNames.isProfilerOverhead(stats.threadName(), stats.stackTrace());
            }
            return sites.stream()
                    .allMatch(site -> BlockerNames.isProfilerOverhead(site.threadName(), site.stackTrace()));
        }

        /** Whether the row stands for several blockers. */
        public boolean aggregated() {
            return blockers > 1;
        }

        /**
         * A blocker a report need not list alone: collected (its row can only ever be history) or parked on once
         * (a future, a one-shot latch), of which a server makes one per request.
         */
        boolean small() {
            return collected || stats.timesParked() <= 1;
        }

        private static Blocker sum(List<Blocker> parts) {
            int count = 0;
            int collected = 0;
            List<ParkSnapshot> stats = new ArrayList<>();
            for (Blocker b : parts) {
                count += b.blockers();
                collected += b.collectedBlockers();
                stats.add(b.stats());
            }
            ParkSnapshot sum = ParkSnapshot.sum(stats);
            return new Blocker(sum, collected == count, WaitKind.of(sum), count, collected);
        }
    }

    /**
     * Idle pool threads and signals last ({@link WaitKind#contention()}), so that they never pass for contention;
     * otherwise most parked thread-time first, the order of the thesis's bottleneck tables.
     */
    private static final Comparator<Blocker> ORDER = Comparator
            .comparing((Blocker b) -> !b.kind().contention())
            .thenComparing(Comparator.comparingLong((Blocker b) -> b.stats().parkThreadTimeNanos()).reversed())
            .thenComparing(Comparator.comparingLong((Blocker b) -> b.stats().timesParked()).reversed())
            .thenComparing(b -> b.stats().className())
            .thenComparingInt(b -> b.stats().identityHash());

    public ParkRun {
        blockers = List.copyOf(blockers);
        monitors = List.copyOf(monitors);
    }

    /**
     * The rows for the blockers parked at least {@code printThreshold} times (3.3.2), by thread-time utilisation,
     * highest first (thread-time utilisation is thread-time over one common total, so this is thread-time order).
     * Small blockers ({@link Blocker#small}) of one class and first-park stack ({@link ParkSnapshot#rowKey}) share
     * a row, so that a server that makes a future per request shows one row per place that waits on them, not one
     * per request; the row's counts are the sums, so per-class totals stay exact.
     */
    public List<Blocker> shown() {
        List<Blocker> rows = new ArrayList<>();
        Map<List<Object>, List<Blocker>> small = new LinkedHashMap<>();
        for (Blocker b : blockers) {
            if (b.stats().timesParked() < settings.printThreshold() || b.profilerOverhead()) {
                continue;
            }
            if (b.small()) {
                small.computeIfAbsent(b.stats().rowKey(), k -> new ArrayList<>()).add(b);
            } else {
                rows.add(b);
            }
        }
        for (List<Blocker> group : small.values()) {
            rows.add(group.size() == 1 ? group.get(0) : Blocker.sum(group));
        }
        rows.sort(ORDER);
        return rows;
    }

    /**
     * The shown rows of contention, or of idle and signal waits, added up: what a report's headline says, so that
     * idle threads' hours of parked time never pass for contention.
     *
     * @param contention which side of {@link WaitKind#contention()}
     */
    public Totals totals(List<Blocker> shown, boolean contention) {
        int rows = 0;
        long parks = 0;
        long threadNanos = 0;
        for (Blocker b : shown) {
            if (b.kind().contention() == contention) {
                rows++;
                parks += b.stats().timesParked();
                threadNanos += b.stats().parkThreadTimeNanos();
            }
        }
        return new Totals(rows, parks, threadNanos, totalExecutionNanos);
    }

    /**
     * Shown rows added up ({@link #totals}).
     *
     * @param totalExecutionNanos the run's, for the utilisation
     */
    public record Totals(int rows, long timesParked, long parkThreadTimeNanos, long totalExecutionNanos) {
        public double parkThreadTimeMs() {
            return parkThreadTimeNanos / 1e6;
        }

        /** Parked thread-time as a percentage of the run's time (3.7.13 over the rows). */
        public double threadTimeUtilPct() {
            return totalExecutionNanos <= 0 ? 0 : 100.0 * parkThreadTimeNanos / totalExecutionNanos;
        }
    }

    /** How many blockers {@code rows} stand for. */
    public static int blockersIn(List<Blocker> rows) {
        return rows.stream().mapToInt(Blocker::blockers).sum();
    }

    /**
     * One row of the monitor table: a monitor, or several little-contended ones added up.
     *
     * @param stats    the monitor's (for several, the sums; address 0)
     * @param monitors how many monitors the row stands for
     */
    public record MonitorRow(MonitorSnapshot stats, int monitors) {
        /** Whether the row stands for several monitors. */
        public boolean aggregated() {
            return monitors > 1;
        }
    }

    /** Blocked enters and waits at most this many: a monitor that shares a row with others like it. */
    static final int SMALL_MONITOR_EVENTS = 2;

    private static final Comparator<MonitorRow> MONITOR_ORDER = Comparator
            .comparingLong((MonitorRow r) -> r.stats().enters().parkThreadTimeNanos())
            .thenComparingLong(r -> r.stats().waits().parkThreadTimeNanos()).reversed();

    /**
     * The rows for the monitors with at least {@code printThreshold} blocked enters and waits, most blocked
     * thread-time first. Monitors contended at most {@value #SMALL_MONITOR_EVENTS} times, of one class and
     * blocked in one method ({@link BlockerNames#entryFrame}), share a row: a server's class-loading locks and lazily initialised objects, each contended once or
     * twice, would otherwise fill the table. The row's counts and times are the sums.
     */
    public List<MonitorRow> shownMonitors() {
        List<MonitorRow> rows = new ArrayList<>();
        Map<List<Object>, List<MonitorSnapshot>> small = new LinkedHashMap<>();
        for (MonitorSnapshot m : monitors) {
            long events = m.enters().timesParked() + m.waits().timesParked();
            if (events < settings.printThreshold()) {
                continue;
            }
            if (events <= SMALL_MONITOR_EVENTS) {
                ParkSnapshot first = m.enters().timesParked() > 0 ? m.enters() : m.waits();
                // where it blocked, not how it got there: class loading locks are reached from everywhere
                small.computeIfAbsent(List.of(m.className(), first == m.enters(),
                        BlockerNames.entryFrame(first.stackTrace()).orElse("")), k -> new ArrayList<>()).add(m);
            } else {
                rows.add(new MonitorRow(m, 1));
            }
        }
        for (List<MonitorSnapshot> group : small.values()) {
            rows.add(new MonitorRow(group.size() == 1 ? group.get(0) : MonitorSnapshot.sum(group), group.size()));
        }
        rows.sort(MONITOR_ORDER);
        return rows;
    }

    public double totalExecutionMs() {
        return totalExecutionNanos / 1e6;
    }
}
