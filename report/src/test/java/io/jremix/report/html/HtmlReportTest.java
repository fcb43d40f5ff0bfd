package io.jremix.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import io.jremix.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The HTML renderers on their own: any report version renders, text is escaped, nothing is fetched. */
class HtmlReportTest {

    /** A report with only its kind, or with keys a later version adds, still renders a whole page. */
    @ParameterizedTest
    @ValueSource(strings = {"cache-contention", "park-contention", "volatile-by-default"})
    @SuppressWarnings("unchecked")
    void rendersWhateverKeysAreThere(String kind) {
        String bare = HtmlReport.render(Map.of("report", kind));
        assertTrue(bare.startsWith("<!DOCTYPE html>") && bare.endsWith("</html>\n"), bare);
        Map<String, Object> extra = (Map<String, Object>) Json.parse("{\"report\": \"" + kind + "\", \"windows\": [{}],"
                + " \"findings\": [{\"kind\": \"true-sharing\", \"writers\": 3, \"layout\": {\"fields\": \"x\"}}],"
                + " \"blockers\": [{\"timeline\": [1, 2]}], \"totals\": \"?\"}");
        assertTrue(HtmlReport.render(extra).contains("data-ready"), "a page with its script");
    }

    @Test
    void selfContained() {
        String page = HtmlReport.render(Map.of("report", "park-contention"));
        for (String external : List.of("src=", "href=", "@import", "url(", "http:", "https:")) {
            assertFalse(page.contains(external), external);
        }
    }

    @Test
    void textFromTheProgramIsEscaped() {
        Map<String, Object> doc = Map.of("report", "volatile-by-default",
                "relaxedClasses", List.of("<script>alert(1)</script>"));
        String page = HtmlReport.render(doc);
        assertFalse(page.contains("<script>alert"), page);
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
    }

    @Test
    void fieldsAreDrawnOnTheirLines() {
        Map<String, Object> doc = Map.of("report", "cache-contention", "settings", Map.of("lineSize", 64L),
                "findings", List.of(Map.of("kind", "false-sharing", "className", "Pair",
                        "hits", List.of(Map.of("label", "b[64]", "sampled", 7L)),
                        "writers", Map.of("a", List.of(1L), "b", List.of(2L)),
                        "layout", Map.of("headerBytes", 12L, "instanceBytes", 72L, "fields", List.of(
                                Map.of("name", "a", "type", "long", "offset", 16L, "size", 8L),
                                Map.of("name", "b", "type", "long", "offset", 64L, "size", 8L))))));
        String page = HtmlReport.render(doc);
        assertTrue(page.contains("line 0: bytes 0-63") && page.contains("line 1: bytes 64-71"), page);
        assertTrue(page.contains("data-field=\"a\" data-misses=\"0\"") && page.contains("data-field=\"b\" data-misses=\"7\""),
                page);
    }

    @Test
    void eachBlockerWithATimelineGetsOnePointPerBucketOnTheRunsAxis() {
        Map<String, Object> timeline = Map.of("startMs", 50.0, "bucketMs", 100.0,
                "peakParked", List.of(1L, 4L, 2L), "meanParked", List.of(0.5, 2.0, 1.0));
        Map<String, Object> doc = Map.of("report", "park-contention", "totalExecutionMs", 400.0,
                "blockers", List.of(Map.of("className", "a.Lock", "timeline", timeline),
                        Map.of("className", "a.Latch", "timeline", Map.of("peakParked", List.of()))));
        String page = HtmlReport.render(doc);
        assertEquals(1, page.split("<svg class=\"timeline\"", -1).length - 1, page);
        assertTrue(page.contains("data-buckets=\"3\""), page);
        // bucket middles at 100, 200 and 300 ms of 400 on 240 px; peak 4 at the top
        assertTrue(page.contains("<polyline class=\"peak\" points=\"60.0,24.0 120.0,3.0 180.0,17.0\"/>"), page);
        assertTrue(page.contains("<polygon class=\"mean\" points=\"60.0,32 60.0,27.5 120.0,17.0 180.0,24.0 180.0,32\"/>"),
                page);
    }

    @Test
    void unknownDocumentIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HtmlReport.render(Map.of("format", "jremix-repair-profile")));
        assertTrue(e.getMessage().contains("not a jremix report"), e.getMessage());
    }
}
