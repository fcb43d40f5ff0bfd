package io.jremix.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A park report's blocker rows grouped by class, for {@link Table#renderGroups}: the class's summary row (its
 * blockers' counts and times added up), then each blocker's call sites beneath it, most park time first, each with
 * its share of the class's park time. A site row that is its blocker's first also carries the blocker's own figures
 * (peak, timeline, hold, utilisation); a blocker without sites (a report of an older version) is one site.
 */
final class BlockerGroups {
    private BlockerGroups() {
    }

    /** The groups of {@code blockers}, the class with most park time first (ties: as they first appear). */
    static List<List<JsonView>> of(List<JsonView> blockers) {
        Map<String, List<JsonView>> byClass = new LinkedHashMap<>();
        for (JsonView b : blockers) {
            byClass.computeIfAbsent(b.text("className"), k -> new ArrayList<>()).add(b);
        }
        List<List<JsonView>> groups = new ArrayList<>();
        byClass.forEach((className, rows) -> groups.add(group(className, rows)));
        groups.sort(Comparator.comparingDouble((List<JsonView> g) -> g.get(0).number("parkThreadTimeMs")).reversed());
        return groups;
    }

    private static List<JsonView> group(String className, List<JsonView> rows) {
        double siteMs = 0;
        for (JsonView b : rows) {
            for (JsonView site : ParkStacks.sites(b)) {
                siteMs += site.number("parkThreadTimeMs");
            }
        }
        List<JsonView> out = new ArrayList<>();
        out.add(summary(className, rows));
        List<Map<String, Object>> members = new ArrayList<>();
        for (JsonView b : rows) {
            boolean first = true;
            for (JsonView site : ParkStacks.sites(b)) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("where", where(site));
                m.put("waitKind", b.text("waitKind"));
                m.put("timesParked", site.number("timesParked"));
                m.put("estimatedParks", site.get("estimatedParks").present() ? site.number("estimatedParks") : 0.0);
                m.put("parkThreadTimeMs", site.number("parkThreadTimeMs"));
                m.put("sharePct", siteMs == 0 ? 0.0 : round(100 * site.number("parkThreadTimeMs") / siteMs));
                m.put("avgParkTimeMs", average(site.number("parkThreadTimeMs"), site.number("timesParked")));
                m.put("threadName", site.text("threadName"));
                if (first) {
                    for (String key : List.of("peakParked", "timeline", "avgHoldTimeMs", "threadTimeUtilPct")) {
                        m.put(key, b.get(key).value());
                    }
                }
                first = false;
                members.add(m);
            }
        }
        members.sort((a, b) -> Double.compare((double) b.get("parkThreadTimeMs"), (double) a.get("parkThreadTimeMs")));
        members.forEach(m -> out.add(new JsonView(m)));
        return out;
    }

    /** The class's row: the sums of its blockers' counts and times, its peak the highest of theirs. */
    private static JsonView summary(String className, List<JsonView> rows) {
        Set<String> synchronizers = new LinkedHashSet<>();
        Set<String> kinds = new LinkedHashSet<>();
        double blockers = 0;
        double parks = 0;
        double ms = 0;
        double peak = 0;
        double util = 0;
        for (JsonView b : rows) {
            synchronizers.add(b.text("synchronizer"));
            kinds.add(b.text("waitKind"));
            blockers += b.get("blockers").present() ? b.number("blockers") : 1;
            parks += b.number("timesParked");
            ms += b.number("parkThreadTimeMs");
            peak = Math.max(peak, b.number("peakParked"));
            util += b.number("threadTimeUtilPct");
        }
        synchronizers.remove("");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("where", className + (synchronizers.isEmpty() ? "" : "\n= " + String.join(", ", synchronizers)));
        m.put("waitKind", String.join(", ", kinds));
        m.put("blockers", blockers);
        m.put("timesParked", parks);
        m.put("parkThreadTimeMs", round(ms));
        m.put("avgParkTimeMs", average(ms, parks));
        m.put("peakParked", peak);
        m.put("threadTimeUtilPct", round(util));
        return new JsonView(m);
    }

    /**
     * Where the program waited, as the text report shows it: the outermost library frame it called ({@code via}),
     * then its frame and that frame's caller; the outermost frame walked when the site has no frame of the program's.
     */
    private static String where(JsonView site) {
        List<JsonView> via = site.list("via");
        List<String> stack = site.list("stackTrace").stream().map(JsonView::text).toList();
        String program = site.text("userFrame");
        int from = stack.indexOf(program) < 0 ? stack.size() - 1 : Math.max(stack.indexOf(program), stack.size() - 2);
        List<String> frames = stack.isEmpty() ? List.of(program) : stack.subList(Math.max(0, from), stack.size());
        return (via.isEmpty() ? "" : "via " + via.get(via.size() - 1).text() + "\n") + String.join("\n", frames);
    }

    private static double average(double ms, double parks) {
        return parks == 0 ? 0 : round(ms / parks);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
