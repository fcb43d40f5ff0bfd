package io.jremix.report.html;

import java.util.Map;

import io.jremix.options.Excerpt;

/** Renders a jremix report document (as written to JSON, or parsed back from it) as one self-contained HTML page. */
public final class HtmlReport {
    private HtmlReport() {
    }

    /** Throws {@link IllegalArgumentException} for a document that is not one of jremix's reports. */
    public static String render(Map<String, Object> document) {
        JsonView doc = new JsonView(document);
        return switch (doc.text("report")) {
            case "cache-contention" -> CacheHtml.render(doc);
            case "park-contention" -> ParkHtml.render(doc);
            case "volatile-by-default" -> VbdHtml.render(doc);
            default -> throw new IllegalArgumentException("not a jremix report: its \"report\" is '"
                    + Excerpt.of(doc.text("report")) + "', not cache-contention, park-contention or volatile-by-default");
        };
    }
}
