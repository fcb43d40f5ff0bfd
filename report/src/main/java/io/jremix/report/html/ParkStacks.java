package io.jremix.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import io.jremix.core.park.WaitKind;

/**
 * A park report's park thread-time by stack, for a flame graph: each site's stack (the frames jremix walks, from the
 * park to the program's frame and its caller), outermost first, under its blocker's class; a row without sites (a
 * report of an older version) stands for one, with its own stack and time. Values are microseconds, the precision
 * of the JSON report's milliseconds.
 */
final class ParkStacks {
    private ParkStacks() {
    }

    /** The stacks of the blocker rows that {@code rows} accepts. */
    static List<CollapsedStacks.Stack> of(JsonView doc, Predicate<JsonView> rows) {
        List<CollapsedStacks.Stack> out = new ArrayList<>();
        for (JsonView row : doc.list("blockers")) {
            if (!rows.test(row)) {
                continue;
            }
            for (JsonView site : sites(row)) {
                List<String> frames = new ArrayList<>(List.of(row.text("className")));
                List<JsonView> stack = site.list("stackTrace");
                for (int i = stack.size() - 1; i >= 0; i--) {
                    frames.add(stack.get(i).text());
                }
                out.add(new CollapsedStacks.Stack(frames, Math.round(site.number("parkThreadTimeMs") * 1000)));
            }
        }
        return out;
    }

    /** A blocker row's sites; a row without sites (a report of an older version) is its own one site. */
    static List<JsonView> sites(JsonView row) {
        List<JsonView> sites = row.list("sites");
        return sites.isEmpty() ? List.of(row) : sites;
    }

    /** A stack's value, microseconds, as a flame graph's box shows it. */
    static String shown(long micros) {
        return HtmlPage.number(micros / 1000.0) + " ms";
    }

    /** Whether the row's wait kind is contention ({@link WaitKind#contention()}); a kind not known counts as such. */
    static boolean isContention(JsonView row) {
        String id = row.text("waitKind");
        return Stream.of(WaitKind.values()).noneMatch(k -> k.id().equals(id) && !k.contention());
    }
}
