package io.jremix.report.html;

import java.util.Map;

import io.jremix.options.Excerpt;

/**
 * Renders a report document as collapsed stacks ({@link CollapsedStacks}), for async-profiler's converter and
 * FlameGraph's {@code flamegraph.pl}: a park report's park thread-time in microseconds by stack, each rooted at its
 * blocker's class ({@link ParkStacks}); a cache report's estimated coherence misses by stack, each rooted at its
 * finding ({@link CacheStacks}).
 */
public final class CollapsedReport {
    private CollapsedReport() {
    }

    /** Throws {@link IllegalArgumentException} for a document that is neither a park nor a cache report. */
    public static String render(Map<String, Object> document) {
        JsonView doc = new JsonView(document);
        return CollapsedStacks.text(switch (doc.text("report")) {
            case "park-contention" -> ParkStacks.of(doc, row -> true);
            case "cache-contention" -> CacheStacks.of(doc);
            default -> throw new IllegalArgumentException("collapsed stacks are written for park-contention and"
                    + " cache-contention reports, not for '" + Excerpt.of(doc.text("report")) + "'");
        });
    }
}
