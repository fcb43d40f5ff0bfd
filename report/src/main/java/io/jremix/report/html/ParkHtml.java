package io.jremix.report.html;

import static io.jremix.report.html.HtmlPage.number;

import java.util.List;

/**
 * Park contention: the blockers grouped by class with their call sites beneath (contention, then idle and signal
 * waits apart), their park time by stack as flame graphs, and the {@code synchronized} monitors; sortable tables,
 * with each row's parked (blocked, waiting) count over time on the run's axis. The program's site is the first
 * column, so that a 1,400-pixel window shows it.
 */
final class ParkHtml {
    private ParkHtml() {
    }

    static String render(JsonView doc) {
        double runMs = doc.number("totalExecutionMs");
        String summary = "Park contention at " + doc.text("trigger") + " after " + number(runMs)
                + " ms: " + number(doc.number("blockersRecorded")) + " blockers recorded, "
                + number(doc.number("rowsShown")) + " rows; " + number(doc.number("monitorsRecorded"))
                + " monitors. " + totals(doc) + "Click a column's heading to sort.";
        List<JsonView> blockers = doc.list("blockers");
        StringBuilder sb = new StringBuilder("<h2>Blockers (LockSupport.park)</h2>\n");
        sb.append(blockerTable("blockers", blockers.stream().filter(ParkStacks::isContention).toList(), runMs));
        List<JsonView> idle = blockers.stream().filter(b -> !ParkStacks.isContention(b)).toList();
        if (!idle.isEmpty()) {
            sb.append("<h2>Idle and signal waits (not contention)</h2>\n")
                    .append(blockerTable("idle-blockers", idle, runMs));
        }
        sb.append(flameGraphs(doc));
        sb.append("<h2>Monitors (synchronized)</h2>\n");
        sb.append(new Table("monitors").text("className", "Class").code("userFrame", "Where")
                .text("waitKind", "Wait kind")
                .number("monitors", "Monitors")
                .number("contendedEnters", "Contended enters").number("peakBlocked", "Peak blocked")
                .graphic("blockedTimeline", "Blocked over time",
                        row -> TimelineSvg.render(row.get("blockedTimeline"), runMs))
                .number("blockedThreadTimeMs", "Blocked thread time (ms)").number("avgHoldTimeMs", "Avg hold (ms)")
                .number("waits", "Waits").number("waitThreadTimeMs", "Wait thread time (ms)")
                .graphic("waitTimeline", "Waiting over time", row -> TimelineSvg.render(row.get("waitTimeline"), runMs))
                .number("realTimeUtilPct", "Real-time util %").text("threadName", "Thread")
                .render(doc.list("monitors")));
        return HtmlPage.page("jremix: park contention", summary, sb.toString());
    }

    /** Blocker rows by class ({@link BlockerGroups}), the program's site in the first column. */
    private static String blockerTable(String id, List<JsonView> rows, double runMs) {
        return new Table(id).code("where", "Class / where the program waited")
                .text("waitKind", "Wait kind").number("blockers", "Blockers").number("timesParked", "Parks")
                .number("parkThreadTimeMs", "Park thread time (ms)").number("sharePct", "Share of class %")
                .number("peakParked", "Peak parked")
                .graphic("timeline", "Parked over time", row -> TimelineSvg.render(row.get("timeline"), runMs))
                .number("avgParkTimeMs", "Avg park (ms)").number("avgHoldTimeMs", "Avg hold (ms)")
                .number("threadTimeUtilPct", "Thread-time util %").text("threadName", "Thread")
                .number("estimatedParks", "Parks estimated").renderGroups(BlockerGroups.of(rows));
    }

    /**
     * Park thread-time by stack ({@link ParkStacks}), contention apart from idle and signal waits, whose hours would
     * otherwise make contention a sliver.
     */
    private static String flameGraphs(JsonView doc) {
        String contention = FlameGraph.svg("all contention", ParkStacks.of(doc, ParkStacks::isContention),
                ParkStacks::shown);
        String idle = FlameGraph.svg("all idle and signal waits", ParkStacks.of(doc, b -> !ParkStacks.isContention(b)),
                ParkStacks::shown);
        if (contention.isEmpty() && idle.isEmpty()) {
            return "";
        }
        return "<h2>Park time by stack</h2>\n<p class=\"summary\">Each box a frame, as wide as the park thread-time"
                + " spent under it, its caller below it: the blocker's class, then the frames of each site, outermost"
                + " first (the frames jremix walks: from the park to the program's frame and its caller, not the whole"
                + " thread stack). Hover a box for its time and share.</p>\n"
                + (contention.isEmpty() ? "" : "<div id=\"flame-contention\">" + contention + "</div>\n")
                + (idle.isEmpty() ? "" : "<h3>Idle and signal waits</h3>\n<div id=\"flame-idle\">" + idle
                        + "</div>\n");
    }

    /**
     * The text report's headline: contention apart from idle and signal waits, which the table lists last; empty
     * for a report saved before it had them.
     */
    private static String totals(JsonView doc) {
        JsonView contention = doc.get("contention");
        JsonView idle = doc.get("idleAndSignals");
        if (!contention.present() || !idle.present()) {
            return "";
        }
        return "Contention (lock, pool and condition waits): " + number(contention.number("rows")) + " rows, "
                + number(contention.number("parkThreadTimeMs")) + " ms parked thread-time, "
                + number(contention.number("threadTimeUtilPct")) + "% thread-time util. Not contention, listed last: "
                + number(idle.number("rows")) + " rows of idle and signal waits, "
                + number(idle.number("parkThreadTimeMs")) + " ms thread-time. ";
    }
}
