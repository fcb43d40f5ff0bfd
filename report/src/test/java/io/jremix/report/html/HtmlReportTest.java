package io.jremix.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import io.jremix.report.Json;
import io.jremix.report.cache.ObjectLayout;
import io.jremix.report.cache.RepairReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The HTML renderers on their own: any report version renders, text is escaped, nothing is fetched. */
class HtmlReportTest {

    /** A report with only its kind, or with keys a later version adds, still renders a whole page. */
    @ParameterizedTest
    @ValueSource(strings = {"cache-contention", "park-contention", "volatile-by-default"})
    @SuppressWarnings("unchecked")
    void rendersWhateverKeysAreThere(String kind) throws Json.MalformedJsonException {
        String bare = HtmlReport.render(Map.of("report", kind));
        assertTrue(bare.startsWith("<!DOCTYPE html>") && bare.endsWith("</html>\n"), bare);
        Map<String, Object> extra = (Map<String, Object>) Json.parse("{\"report\": \"" + kind + "\", \"windows\": [{}],"
                + " \"findings\": [{\"kind\": \"true-sharing\", \"writers\": 3, \"layout\": {\"fields\": \"x\"}}],"
                + " \"blockers\": [{\"timeline\": [1, 2]}], \"totals\": \"?\"}");
        assertTrue(HtmlReport.render(extra).contains("data-ready"), "a page with its script");
    }

    /** Also with a flame graph drawn, on the park page and on the cache page. */
    @Test
    void selfContained() {
        for (Map<String, Object> doc : List.of(Map.of("report", "park-contention", "blockers", List.of(Map.of(
                "className", "a.Lock", "stackTrace", List.of("Lock.park", "Main.main"), "parkThreadTimeMs", 1.0))),
                Map.<String, Object>of("report", "cache-contention", "findings", List.of(Map.of("kind", "false-sharing",
                        "className", "a.Pair", "events", 100L, "sampled", 1L, "sites", List.of("a.Pair.add(Pair.java:3)"),
                        "siteSampled", List.of(1L)))))) {
            String page = HtmlReport.render(doc);
            assertTrue(page.contains("<svg class=\"flame\""), page);
            for (String external : List.of("src=", "href=", "@import", "url(", "http:", "https:")) {
                assertFalse(page.contains(external), external);
            }
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

    /**
     * Blockers grouped by class, most park time first, the program's site first in each row, after the library frame
     * it called and before its caller; each site's share is of its class's park time; idle waits in a table of their
     * own.
     */
    @Test
    void blockersAreGroupedByClassWithTheirSitesBeneath() {
        String library = "app//com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128) [HikariCP.jar]";
        Map<String, Object> one = Map.of("className", "a.Queue", "waitKind", "pool", "parkThreadTimeMs", 5.0,
                "timesParked", 2L, "userFrame", "app//demo.Orders.find(Orders.java:40)",
                "via", List.of("app//com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151) [HikariCP.jar]",
                        library));
        Map<String, Object> two = Map.of("className", "a.Lock", "waitKind", "lock", "synchronizer", "ReentrantLock",
                "parkThreadTimeMs", 40.0, "timesParked", 4L, "sites", List.of(
                        Map.of("userFrame", "app//demo.A.a(A.java:1)", "parkThreadTimeMs", 10.0, "timesParked", 1L),
                        Map.of("userFrame", "app//demo.B.b(B.java:2)", "parkThreadTimeMs", 30.0, "timesParked", 3L,
                                "via", List.of(library), "stackTrace", List.of("java.base/Park.park(Park.java:1)",
                                        library, "app//demo.B.b(B.java:2)", "app//demo.Main.main(Main.java:9)"))));
        Map<String, Object> three = Map.of("className", "a.Lock", "waitKind", "lock", "userFrame", "app//demo.C.c(C.java:3)",
                "parkThreadTimeMs", 40.0, "timesParked", 4L);
        Map<String, Object> idle = Map.of("className", "a.Pool", "waitKind", "idle", "userFrame", "app//demo.W.run(W.java:5)");
        String page = HtmlReport.render(Map.of("report", "park-contention", "blockers", List.of(one, two, three, idle)));

        String blockers = section(page, "id=\"blockers\"").split("</table>")[0];
        List<String> groups = List.of(blockers.split("<tbody>")).subList(1, 3);
        String queue = groups.get(1);
        assertTrue(queue.startsWith("\n<tr class=\"group\"><td class=\"code\">a.Queue</td><td>pool</td>"
                + "<td class=\"num\" data-sort=\"1\">1</td><td class=\"num\" data-sort=\"2\">2</td>"), queue);
        assertTrue(queue.contains("<tr class=\"member\"><td class=\"code\">via " + library
                + "\napp//demo.Orders.find(Orders.java:40)</td>"), queue);
        String lock = groups.get(0); // its 80 ms before the queue's 5, though the queue's row comes first
        assertTrue(lock.startsWith("\n<tr class=\"group\"><td class=\"code\">a.Lock\n= ReentrantLock</td><td>lock</td>"
                + "<td class=\"num\" data-sort=\"2\">2</td><td class=\"num\" data-sort=\"8\">8</td>"
                + "<td class=\"num\" data-sort=\"80\">80</td>"), lock);
        assertEquals(3, lock.split("<tr class=\"member\">", -1).length - 1, lock);
        // most time first, each share of the class's 80 ms; the site's frame and its caller after the library's
        assertTrue(lock.indexOf("demo.C.c") < lock.indexOf("demo.B.b") && lock.indexOf("demo.B.b") < lock.indexOf("demo.A.a"),
                lock);
        assertTrue(lock.contains("<td class=\"code\">via " + library + "\napp//demo.B.b(B.java:2)\n"
                + "app//demo.Main.main(Main.java:9)</td><td>lock</td><td class=\"num\" data-sort=\"-1\"></td>"
                + "<td class=\"num\" data-sort=\"3\">3</td><td class=\"num\" data-sort=\"30\">30</td>"
                + "<td class=\"num\" data-sort=\"37.5\">37.5</td>"), lock);
        assertFalse(blockers.contains("a.Pool"), "idle waits apart: " + blockers);
        assertTrue(section(page, "id=\"idle-blockers\"").contains("<td class=\"code\">a.Pool</td><td>idle</td>"), page);
    }

    /** Before and after of a padded class, from the report's repair section, side by side; groups on other lines. */
    @Test
    @SuppressWarnings("unchecked")
    void aPaddedClassIsDrawnBeforeAndAfter() throws Json.MalformedJsonException {
        ObjectLayout before = new ObjectLayout(12, 32, List.of(new ObjectLayout.Field("head", "long", 16, 8),
                new ObjectLayout.Field("tail", "long", 24, 8)));
        ObjectLayout after = new ObjectLayout(12, 416, List.of(new ObjectLayout.Field("head", "long", 144, 8),
                new ObjectLayout.Field("tail", "long", 280, 8),
                new ObjectLayout.Field("jremix$tailPadding", "long", 408, 8)));
        RepairReport repair = new RepairReport(List.of(
                new RepairReport.Padded("a.Ring", List.of(List.of("head"), List.of("tail")), "profile", List.of(),
                        before, after, 10L),
                new RepairReport.Padded("a.Old", List.of(List.of("x")), "profile", List.of(), null, null, null)),
                List.of(), "p.json", List.of(), List.of());
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Json.write(Map.of("report", "cache-contention",
                "settings", Map.of("lineSize", 64L), "repair", repair.json())));
        String page = HtmlReport.render(doc);

        String ring = section(page, "repaired-0");
        assertTrue(ring.contains("data-class=\"a.Ring\""), ring);
        String drawnBefore = section(ring, "data-state=\"before\"");
        String drawnAfter = section(ring, "data-state=\"after\"");
        assertEquals(List.of(0, 0), lines(drawnBefore, "head", "tail"), "one line before");
        assertEquals(List.of(2, 4), lines(drawnAfter, "head", "tail"), "lines apart after");
        assertTrue(drawnAfter.contains("data-field=\"jremix$tailPadding\""), drawnAfter);
        assertTrue(ring.indexOf("data-state=\"before\"") < ring.indexOf("data-state=\"after\""));
        assertTrue(ring.contains("Bytes an instance: 32 before, 416 after (+384); live instances at exit: 10, +3840 bytes"
                + " in all."), ring);
        String old = section(page, "repaired-1");
        assertEquals(4, old.split("not known", -1).length - 1, old);
        assertTrue(old.contains("live instances at exit: not counted."), old);
    }

    /** From {@code marker} to the end of the element it opens: up to the next marker of its kind. */
    private static String section(String html, String marker) {
        int from = html.indexOf(marker);
        assertTrue(from >= 0, marker + " in " + html);
        String kind = marker.startsWith("data-state") ? "data-state=" : marker.startsWith("id=") ? "<table" : "<section";
        int end = html.indexOf(kind, from + marker.length());
        return html.substring(from, end < 0 ? html.length() : end);
    }

    /** The line each field is drawn on. */
    private static List<Integer> lines(String layout, String... fields) {
        String[] drawnLines = layout.split("<div class=\"line\">");
        List<Integer> out = new java.util.ArrayList<>();
        for (String f : fields) {
            for (int i = 1; i < drawnLines.length; i++) {
                if (drawnLines[i].contains("data-field=\"" + f + "\"")) {
                    out.add(i - 1);
                    break;
                }
            }
        }
        return out;
    }

    /** One finding on class C, counter values of neighbouring instances written by threads w1 and w2. */
    private static Map<String, Object> neighbouringCounters(String kind) {
        return Map.of("report", "cache-contention", "findings", List.of(Map.of(
                "kind", kind, "className", "C", "sampled", 40L,
                "hits", List.of(Map.of("label", "value[16]", "sampled", 40L)),
                "neighbours", List.of(Map.of("field", "value", "writer", Map.of("id", 21L, "name", "w1"), "other",
                        "C::value", "otherWriter", Map.of("id", 22L, "name", "w2"),
                        "sameObject", false, "span", 32L, "ratePerSecond", 2500000L)))));
    }

    @Test
    void latentFindingsSayWhereTheFieldsCouldMeet() {
        String page = HtmlReport.render(neighbouringCounters("latent-false-sharing"));
        assertTrue(page.contains("badge kind-latent-false-sharing\">latent false sharing</span> <code>C</code>"), page);
        assertTrue(page.contains("<li><code>value</code> by &quot;w1&quot; #21 and <code>C::value</code> by &quot;w2&quot; #22 in a"
                + " neighbouring instance: 32 bytes from first to last byte"), page);
        assertTrue(page.contains("40 writes sampled"), page);
        assertFalse(page.contains("Predicted too"), page);
    }

    /** Threads as numbers, as reports wrote them before they named threads, read as {@code #0}. */
    @Test
    void aFieldOnlyReadIsSaidToBeReadAndTheCostIsShown() {
        String page = HtmlReport.render(Map.of("report", "cache-contention", "findings", List.of(Map.of(
                "kind", "latent-false-sharing", "className", "Q", "sampled", 40L, "ratePerSecond", 1000000L,
                "costShare", 0.0125, "hits", List.of(Map.of("label", "tail[12]", "sampled", 40L)),
                "neighbours", List.of(Map.of("field", "tail", "writer", 0L, "other", "Q::head", "otherWriter", 1L,
                        "sameObject", true, "span", 8L, "ratePerSecond", 1000000L, "reads", "other"))))));
        assertTrue(page.contains("<li><code>tail</code> by #0 and <code>Q::head</code> read by #1 in the"
                + " same object: 8 bytes from first to last byte, ~1000000 accesses/s each</li>"), page);
        assertTrue(page.contains("~1000000 per second, would cost its threads 1.25% of their time if they ran at"
                + " once;"), page);
    }

    @Test
    void observedFalseSharingAlsoPredictedShowsTheNeighboursToo() {
        String page = HtmlReport.render(neighbouringCounters("false-sharing"));
        assertTrue(page.contains("badge kind-false-sharing\">false sharing</span> <code>C</code>"), page);
        assertTrue(page.contains("40 misses sampled"), page);
        assertTrue(page.contains("<p>Predicted too, whatever this run's placement:</p>\n<ul class=\"neighbours\"><li>"
                + "<code>value</code> by &quot;w1&quot; #21 and <code>C::value</code> by &quot;w2&quot; #22 in a neighbouring instance"),
                page);
    }

    @Test
    void unknownDocumentIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HtmlReport.render(Map.of("format", "jremix-repair-profile")));
        assertTrue(e.getMessage().contains("not a jremix report"), e.getMessage());
    }
}
