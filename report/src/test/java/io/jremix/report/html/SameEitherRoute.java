package io.jremix.report.html;

import java.util.Map;

import io.jremix.report.Json;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A report's page is drawn from the document as the program built it ({@code REPORT=x.html}) or from its JSON file
 * ({@code bin/jremix report x.json}): both must draw the same page.
 */
public final class SameEitherRoute {
    private SameEitherRoute() {
    }

    /** Asserts that both routes draw the same page, and returns it. */
    @SuppressWarnings("unchecked")
    public static String assertSame(Map<String, Object> document) throws Json.MalformedJsonException {
        String direct = HtmlReport.render(document);
        assertEquals(HtmlReport.render((Map<String, Object>) Json.parse(Json.write(document))), direct,
                "the page drawn inside the program, then from its JSON");
        return direct;
    }
}
