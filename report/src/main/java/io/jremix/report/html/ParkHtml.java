package io.jremix.report.html;

import static io.jremix.report.html.HtmlPage.number;

import java.util.List;

/**
 * Park contention: the blockers and the {@code synchronized} monitors, each a sortable table, with each row's
 * parked (blocked, waiting) count over time on the run's axis.
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
        StringBuilder sb = new StringBuilder("<h2>Blockers (LockSupport.park)</h2>\n");
        sb.append(new Table("blockers").text("className", "Class").text("synchronizer", "Synchronizer")
                .text("waitKind", "Wait kind").number("blockers", "Blockers").number("timesParked", "Times parked")
                .number("peakParked", "Peak parked")
                .graphic("timeline", "Parked over time", row -> TimelineSvg.render(row.get("timeline"), runMs))
                .number("parkThreadTimeMs", "Park thread time (ms)")
                .number("avgParkTimeMs", "Avg park (ms)").number("avgHoldTimeMs", "Avg hold (ms)")
                .number("realTimeUtilPct", "Real-time util %").number("threadTimeUtilPct", "Thread-time util %")
                .text("threadName", "Thread").code("userFrame", "Where", ParkHtml::where)
                .render(doc.list("blockers")));
        sb.append("<h2>Monitors (synchronized)</h2>\n");
        sb.append(new Table("monitors").text("className", "Class").text("waitKind", "Wait kind")
                .number("monitors", "Monitors")
                .number("contendedEnters", "Contended enters").number("peakBlocked", "Peak blocked")
                .graphic("blockedTimeline", "Blocked over time",
                        row -> TimelineSvg.render(row.get("blockedTimeline"), runMs))
                .number("blockedThreadTimeMs", "Blocked thread time (ms)").number("avgHoldTimeMs", "Avg hold (ms)")
                .number("waits", "Waits").number("waitThreadTimeMs", "Wait thread time (ms)")
                .graphic("waitTimeline", "Waiting over time", row -> TimelineSvg.render(row.get("waitTimeline"), runMs))
                .number("realTimeUtilPct", "Real-time util %").text("threadName", "Thread")
                .code("userFrame", "Where").render(doc.list("monitors")));
        return HtmlPage.page("jremix: park contention", summary, sb.toString());
    }

    /**
     * A blocker's program frame, after the outermost library frame it called (the text report's context); with
     * several sites, each one's share of the park time, frame and library frame, a line each.
     */
    private static String where(JsonView row) {
        List<JsonView> sites = row.list("sites");
        if (sites.size() < 2) {
            return via(row) + row.text("userFrame");
        }
        StringBuilder sb = new StringBuilder();
        for (JsonView site : sites) {
            sb.append(sb.length() == 0 ? "" : "\n").append(number(site.number("parkTimeSharePct"))).append("% ")
                    .append(via(site)).append(site.text("userFrame"));
        }
        return sb.toString();
    }

    private static String via(JsonView row) {
        List<JsonView> via = row.list("via");
        return via.isEmpty() ? "" : "via " + via.get(via.size() - 1).text() + "\n";
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
