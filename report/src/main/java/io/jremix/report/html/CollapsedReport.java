package io.jremix.report.html;

import java.util.Map;

import io.jremix.options.Excerpt;

/**
 * Renders a report document as collapsed stacks ({@link CollapsedStacks}), for async-profiler's converter and
 * FlameGraph's {@code flamegraph.pl}: a park report's park thread-time in microseconds by stack, each rooted at its
 * blocker's class ({@link ParkStacks}).
 */
public final class CollapsedReport {
    private CollapsedReport() {
    }

    /** Throws {@link IllegalArgumentException} for a document that is not a park report. */
    public static String render(Map<String, Object> document) {
        JsonView doc = new JsonView(document);
        if (!doc.text("report").equals("park-contention")) {
            throw new IllegalArgumentException("collapsed stacks are written for park-contention reports, not for '"
                    + Excerpt.of(doc.text("report")) + "'");
        }
        return CollapsedStacks.text(ParkStacks.of(doc, row -> true));
    }
}
