package io.jremix.report.park;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;
import io.jremix.core.park.TimelineSnapshot;

/**
 * The {@code -XXgetparkcontention:report=FILE} document (and {@code bin/jremix dump}'s): the blocker keys name
 * the J9 thesis's metrics, the rest are additions. Times are milliseconds rounded to microseconds. Blockers are the
 * rows the
 * text table shows, in its order: a row of several small blockers ({@link ParkRun#shown}) has
 * {@code "blockers"} above 1 and no {@code identityHash}, and its counts are the sums, so that adding up
 * {@code timesParked} by {@code className} gives each class's exact count either way. {@code avgHoldTimeMs} is
 * {@code null} when no hold was measured ({@code holdSamples} 0). {@code userFrame} is the program's frame,
 * {@code via} the library frames the program reached the blocker through (innermost first). {@code sites} lists
 * the call sites, each with its share of the sites' park time ({@code parkTimeSharePct}). Likewise a
 * monitor row of several little-contended monitors has {@code "monitors"} above 1 and no {@code monitorAddress}.
 * Each row has its parked count over time ({@code timeline}; a monitor's {@code blockedTimeline} and
 * {@code waitTimeline}).
 */
public final class ParkJsonReport {
    private ParkJsonReport() {
    }

    public static Map<String, Object> document(ParkRun run, String version) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "jremix");
        doc.put("version", version);
        doc.put("report", "park-contention");
        doc.put("trigger", run.trigger());
        doc.put("totalExecutionMs", round(run.totalExecutionMs()));
        ParkRun.Settings s = run.settings();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("threshold", s.threshold());
        settings.put("printThreshold", s.printThreshold());
        settings.put("freeOnPrint", s.freeOnPrint());
        settings.put("rows", s.rows());
        settings.put("intervalSeconds", s.intervalSeconds());
        doc.put("settings", settings);
        List<ParkRun.Blocker> shown = run.shown();
        doc.put("blockersRecorded", run.blockers().size());
        doc.put("blockersShown", ParkRun.blockersIn(shown));
        doc.put("rowsShown", shown.size());
        doc.put("contention", totals(run.totals(shown, true)));
        doc.put("idleAndSignals", totals(run.totals(shown, false)));
        doc.put("nullBlockerParks", run.nullBlockerParks());
        doc.put("untrackedParks", run.untrackedParks());
        doc.put("maxRecords", run.maxRecords());
        doc.put("droppedRecords", run.droppedRecords());
        List<Object> blockers = new ArrayList<>();
        for (ParkRun.Blocker b : shown) {
            blockers.add(blocker(b, run));
        }
        doc.put("blockers", blockers);
        List<Object> monitors = new ArrayList<>();
        for (ParkRun.MonitorRow m : run.shownMonitors()) {
            monitors.add(monitor(m, run));
        }
        doc.put("monitorsRecorded", run.monitors().size());
        doc.put("monitors", monitors);
        return doc;
    }

    private static Map<String, Object> blocker(ParkRun.Blocker b, ParkRun run) {
        long total = run.totalExecutionNanos();
        ParkSnapshot s = b.stats();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("className", s.className());
        m.put("identityHash", b.aggregated() ? null : s.identityHashHex());
        m.put("blockers", b.blockers());
        m.put("threadName", s.threadName());
        m.put("stackTrace", s.stackTrace());
        m.put("timesParked", s.timesParked());
        m.put("parkedNow", s.parkedNow());
        m.put("peakParked", s.peakParked());
        m.put("parkThreadTimeMs", round(s.parkThreadTimeMs()));
        m.put("parkRealTimeMs", round(s.parkRealTimeMs()));
        m.put("avgParkTimeMs", round(s.avgParkTimeMs()));
        m.put("avgHoldTimeMs", hold(s));
        m.put("holdSamples", s.holdSamples());
        m.put("realTimeUtilPct", round(s.realTimeUtilPct(total)));
        m.put("threadTimeUtilPct", round(s.threadTimeUtilPct(total)));
        m.put("realLifeTimeUtilPct", round(s.realLifeTimeUtilPct()));
        m.put("threadLifeTimeUtilPct", round(s.threadLifeTimeUtilPct()));
        m.put("collecting", s.collecting());
        m.put("lifeTimeMs", round(s.lifeTimeNanos() / 1e6));
        m.put("blockerCollected", b.collected());
        m.put("collectedBlockers", b.collectedBlockers());
        m.put("synchronizer", BlockerNames.synchronizer(s.className(), s.stackTrace()));
        m.put("waitKind", b.kind().id());
        m.put("userFrame", BlockerNames.userFrame(s.stackTrace()).orElse(null));
        m.put("via", BlockerNames.via(s.stackTrace()));
        List<Object> sites = new ArrayList<>();
        for (SiteSnapshot site : s.sites()) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("threadName", site.threadName());
            j.put("stackTrace", site.stackTrace());
            j.put("userFrame", BlockerNames.userFrame(site.stackTrace()).orElse(null));
            j.put("via", BlockerNames.via(site.stackTrace()));
            j.put("timesParked", site.timesParked());
            j.put("estimatedParks", site.estimatedParks());
            j.put("parkThreadTimeMs", round(site.parkThreadTimeMs()));
            j.put("parkTimeSharePct", round(SiteSnapshot.parkTimeSharePct(site, s.sites())));
            sites.add(j);
        }
        m.put("sites", sites);
        m.put("timeline", timeline(s.timeline(), run));
        return m;
    }

    /**
     * The parked count over time: bucket {@code i} starts {@code startMs + i × bucketMs} after the agent's start
     * (the first can start a little before it: buckets are aligned on the clock; {@code null} without buckets);
     * {@code bucketMs} is exact.
     */
    private static Map<String, Object> timeline(TimelineSnapshot t, ParkRun run) {
        List<Integer> peaks = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        for (int i = 0; i < t.buckets(); i++) {
            peaks.add(t.peak(i));
            means.add(round(t.meanParked(i)));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("startMs", t.buckets() == 0 ? null : round((t.startNanos() - run.startNanos()) / 1e6));
        m.put("bucketMs", t.bucketNanos() / 1e6);
        m.put("peakParked", peaks);
        m.put("meanParked", means);
        return m;
    }

    /** A headline's sums ({@link ParkRun#totals}). */
    private static Map<String, Object> totals(ParkRun.Totals t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rows", t.rows());
        m.put("timesParked", t.timesParked());
        m.put("parkThreadTimeMs", round(t.parkThreadTimeMs()));
        m.put("threadTimeUtilPct", round(t.threadTimeUtilPct()));
        return m;
    }

    private static Double hold(ParkSnapshot s) {
        return s.hasHoldTime() ? round(s.avgHoldTimeMs()) : null;
    }

    /** A monitor: the blocked enters with the park metrics' names for what they measure, then the waits. */
    private static Map<String, Object> monitor(ParkRun.MonitorRow row, ParkRun run) {
        long total = run.totalExecutionNanos();
        MonitorSnapshot ms = row.stats();
        ParkSnapshot e = ms.enters();
        ParkSnapshot w = ms.waits();
        ParkSnapshot first = e.timesParked() > 0 ? e : w;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("className", ms.className());
        m.put("monitorAddress", row.aggregated() ? null : ms.monitorAddress());
        m.put("monitors", row.monitors());
        m.put("threadName", first.threadName());
        m.put("stackTrace", first.stackTrace());
        m.put("userFrame", BlockerNames.userFrame(first.stackTrace()).orElse(null));
        m.put("contendedEnters", e.timesParked());
        m.put("peakBlocked", e.peakParked());
        m.put("blockedThreadTimeMs", round(e.parkThreadTimeMs()));
        m.put("blockedRealTimeMs", round(e.parkRealTimeMs()));
        m.put("avgHoldTimeMs", hold(e));
        m.put("realTimeUtilPct", round(e.realTimeUtilPct(total)));
        m.put("threadTimeUtilPct", round(e.threadTimeUtilPct(total)));
        m.put("waits", w.timesParked());
        m.put("waitThreadTimeMs", round(w.parkThreadTimeMs()));
        m.put("avgWaitTimeMs", round(w.avgParkTimeMs()));
        m.put("waitKind", w.timesParked() > 0 ? ms.waitKind().id() : null);
        m.put("clampedMs", round(ms.clampedNanos() / 1e6));
        m.put("blockedTimeline", timeline(e.timeline(), run));
        m.put("waitTimeline", timeline(w.timeline(), run));
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
