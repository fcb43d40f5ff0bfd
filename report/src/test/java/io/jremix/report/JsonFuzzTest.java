package io.jremix.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.options.Fuzz;
import io.jremix.report.html.HtmlReport;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Report JSON as {@code bin/jremix report} reads it, parsed and rendered, on mutations of the reports
 * docs/reports.md shows and on hostile shapes: a page, a malformed document or a document that is not a report,
 * never anything else, and never a hang.
 */
class JsonFuzzTest {
    /** The complete documents among the JSON examples of docs/reports.md: one report of each kind. */
    private static List<String> documentedReports() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "reports.md"));
        List<String> reports = new ArrayList<>();
        for (String block : page.split("```json\n")) {
            String json = block.substring(0, Math.max(0, block.indexOf("```")));
            if (json.contains("\"report\": ")) {
                reports.add(json);
            }
        }
        return reports;
    }

    @Test
    @SuppressWarnings("unchecked")
    void reportsParseAndRenderOrSayWhyNot() throws IOException {
        List<String> seeds = documentedReports();
        assertEquals(3, seeds.size(), "a cache, a park and a VBD report in docs/reports.md");
        Fuzz.check(Fuzz.batch(seeds, 54), input -> {
            if (Json.parse(input) instanceof Map<?, ?> doc) {
                HtmlReport.render((Map<String, Object>) doc);
            }
        }, Json.MalformedJsonException.class, IllegalArgumentException.class);
    }
}
