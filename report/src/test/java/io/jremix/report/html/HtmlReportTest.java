package io.jremix.report.html;

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
    void latentFindingsSayWhereTheFieldsCouldMeet() {
        Map<String, Object> doc = Map.of("report", "cache-contention", "findings", List.of(Map.of(
                "kind", "latent-false-sharing", "className", "C", "sampled", 40L,
                "hits", List.of(Map.of("label", "value[16]", "sampled", 40L)),
                "neighbours", List.of(Map.of("field", "value", "writer", 1L, "other", "C::value", "otherWriter", 2L,
                        "sameObject", false, "span", 32L, "ratePerSecond", 2500000L)))));
        String page = HtmlReport.render(doc);
        assertTrue(page.contains("badge kind-latent-false-sharing\">latent false sharing</span> <code>C</code>"), page);
        assertTrue(page.contains("<li><code>value</code> by thread 1 and <code>C::value</code> by thread 2 in a"
                + " neighbouring instance: 32 bytes from first to last byte"), page);
        assertTrue(page.contains("40 writes sampled"), page);
    }

    @Test
    void unknownDocumentIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HtmlReport.render(Map.of("format", "jremix-repair-profile")));
        assertTrue(e.getMessage().contains("not a jremix report"), e.getMessage());
    }
}
