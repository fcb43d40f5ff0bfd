package io.jremix.e2e.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML reports of real runs, opened in headless Chromium: the page's script runs without errors, and the page
 * shows what the run found (the same counts as its text or JSON report). Screenshots go to
 * {@code -Djremix.screenshots=DIR} (default {@code target/screenshots}).
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class HtmlReportTest {
    private static final Path SCREENSHOTS = Path.of(System.getProperty("jremix.screenshots", "target/screenshots"));
    private static final Pattern PARK_ROWS = Pattern.compile("PARK: Park contention at exit .* in (\\d+) rows?,.*");
    private static final String RING = "io.jremix.workloads.cache.SpscQueue$Ring";
    private static final Pattern WRITERS = Pattern.compile("REMIX:   written by: left (\"[^\"]+\" #\\d+); right"
            + " (\"[^\"]+\" #\\d+)");
    private static final Pattern FINDINGS = Pattern.compile("REMIX: Traced .* (\\d+) findings?\\.");
    private static final Pattern VBD_CLASSES = Pattern.compile("VBD: Rewrote (\\d+) classes: .*");

    /** Saved JSON turned into a page by {@code bin/jremix report}: a card per finding, the layout, the misses. */
    @Test
    @SuppressWarnings("unchecked")
    void cacheReportFromSavedJson(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path json = dir.resolve("cache.json");
        Jremix.Run run = fieldUpdaters(json);
        List<Map<String, Object>> findings = Jremix.findings(Jremix.json(json));
        assertFalse(findings.isEmpty(), run.stderr());

        Path html = dir.resolve("cache.html");
        Jremix.Run command = Jremix.launch(List.of("report", json.toString(), "-o", html.toString()));
        assertEquals(0, command.exit(), command.stderr());
        assertEquals("jremix: wrote " + html, command.stdout().strip());

        RenderedPage page = loaded(chromium, html, "");
        assertEquals(findings.size(), page.count("<section class=\"card finding kind-"), "one card per finding");
        for (int i = 0; i < findings.size(); i++) {
            Map<String, Object> f = findings.get(i);
            assertEquals(1, page.count("id=\"finding-" + i + "\" data-kind=\"" + f.get("kind") + "\""), f.toString());
            List<Map<String, Object>> hits = (List<Map<String, Object>>) f.get("hits");
            assertEquals(hits.stream().map(h -> (String) h.get("label")).toList(), page.column("hits-" + i, "label"));
            if (f.containsKey("layout")) {
                for (Map<String, Object> h : hits) {
                    String field = ((String) h.get("label")).replaceAll("\\[.*", "");
                    assertTrue(page.count("data-field=\"" + field + "\" data-misses=\"" + h.get("sampled") + "\"") >= 1,
                            "field " + field + " drawn with its misses");
                }
            }
        }
        Map<String, Object> pair = findings.stream()
                .filter(f -> f.get("className").equals("io.jremix.workloads.cache.FieldUpdaterCounters$Pair"))
                .findFirst().orElseThrow(() -> new AssertionError(findings.toString()));
        assertTrue(pair.containsKey("layout"), "a field finding carries its class's layout: " + pair);
        Map<String, Object> writers = (Map<String, Object>) pair.get("writers");
        String left = page.fieldStyle("left");
        String right = page.fieldStyle("right");
        assertTrue(left.contains("background:hsl(") && right.contains("background:hsl("), left + " / " + right);
        if (!writers.get("left").equals(writers.get("right"))) {
            assertFalse(hue(left).equals(hue(right)), "fields written by other threads, other colours: " + writers);
        }
        assertEquals(findings.stream().filter(f -> f.containsKey("layout")).count(),
                page.count("class=\"slot header\""), "each layout's header drawn once");
        screenshot(chromium, html, "cache-report.png");
    }

    /**
     * {@code -XX:REMIXReport=FILE.html}, the page drawn inside the program (the README's workload): each field's
     * writer threads as the text report names them, a colour each, never "none seen".
     */
    @Test
    void cacheReportWrittenAsHtml(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path html = dir.resolve("cache.html");
        Jremix.Run run = fieldUpdaters(html);
        Matcher writers = match(WRITERS, run); // the first finding's: the Pair's, whose fields a thread each writes
        RenderedPage page = loaded(chromium, html, "");
        assertEquals(Integer.parseInt(match(FINDINGS, run).group(1)),
                page.count("<section class=\"card finding kind-"));
        assertFalse(page.dom().contains("none seen"), page.dom());
        List<String> labels = page.column("hits-0", "label");
        List<String> shown = page.column("hits-0", "writers");
        assertEquals(2, labels.size(), labels.toString());
        for (int i = 0; i < labels.size(); i++) {
            String field = labels.get(i).replaceAll("\\[.*", "");
            assertEquals(writers.group(field.equals("left") ? 1 : 2), shown.get(i), field + ": " + run.stderr());
        }
        String left = page.fieldStyle("left");
        String right = page.fieldStyle("right");
        assertFalse(hue(left).equals(hue(right)), "a colour per writer thread: " + left + " / " + right);
    }

    /** The README's workload, two threads adding through field updaters, its cache report written to {@code report}. */
    private static Jremix.Run fieldUpdaters(Path report) throws IOException, InterruptedException {
        Jremix.Run run = Jremix.contendedWorkload(List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                "-XX:REMIXReport=" + report), "FieldUpdaterCounters", "2", "15000000");
        assertEquals(0, run.exit(), run.stderr());
        return run;
    }

    /**
     * A class found falsely shared, then padded from the profile in a second run: the page shows its layout before
     * (kept in the profile by the first run) and after, head and tail on one line before and on two after.
     */
    @Test
    @SuppressWarnings("unchecked")
    void repairedClassBeforeAndAfter(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path profile = dir.resolve("profile.json");
        Jremix.Run learn = Jremix.workload(List.of("-remix", Jremix.TEST_THRESHOLD, "-XX:REMIXProfile=" + profile),
                "SpscQueue", "3000000");
        assertEquals(0, learn.exit(), learn.stderr());
        Path json = dir.resolve("repaired.json");
        Jremix.Run repaired = Jremix.workload(List.of("-remix", "-XX:REMIXProfile=" + profile,
                "-XX:REMIXReport=" + json), "SpscQueue", "3000000");
        assertEquals(0, repaired.exit(), repaired.stderr());
        List<Map<String, Object>> padded = (List<Map<String, Object>>) ((Map<String, Object>) Jremix.json(json)
                .get("repair")).get("padded");
        assertEquals(RING, padded.get(0).get("className"), repaired.stderr());
        Path html = pageOf(json);

        RenderedPage page = loaded(chromium, html, "");
        assertEquals(1, page.count("data-class=\"" + RING + "\""), page.dom());
        List<Integer> before = page.fieldLines("repaired-0", "before", "head", "tail");
        List<Integer> after = page.fieldLines("repaired-0", "after", "head", "tail");
        assertTrue(before.get(0) >= 0 && before.get(0).equals(before.get(1)), "one line before: " + before);
        assertTrue(after.get(0) >= 0 && after.get(1) > after.get(0), "other lines after: " + after);
        screenshot(chromium, html, "cache-repair-report.png");
    }

    /** {@code report=FILE.html}: the blockers table has the text report's rows, each with a timeline, and sorts. */
    @Test
    void parkReportWrittenAsHtml(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path html = dir.resolve("park.html");
        Jremix.Run run = threeLocks(html);
        int rows = Integer.parseInt(match(PARK_ROWS, run).group(1));

        RenderedPage page = loaded(chromium, html, "");
        assertEquals(rows, page.column("blockers", "timesParked").size(), run.stderr());
        assertTrue(page.column("blockers", "synchronizer").contains("ReentrantLock"), page.dom());
        assertTrue(page.column("blockers", "waitKind").contains("lock"), page.dom());
        assertTrue(page.dom().contains("Contention (lock, pool and condition waits): "), "the text report's headline");
        List<Integer> points = page.timelinePoints("blockers", "timeline");
        assertTrue(points.size() == rows && points.stream().allMatch(n -> n > 0), "a timeline per blocker: " + points);

        List<Double> descending = numbers(loaded(chromium, html, "#sort=blockers:timesParked").column("blockers", "timesParked"));
        List<Double> ascending = numbers(loaded(chromium, html, "#sort=blockers:timesParked:asc").column("blockers", "timesParked"));
        assertEquals(descending.stream().sorted(Comparator.reverseOrder()).toList(), descending);
        assertEquals(ascending.stream().sorted().toList(), ascending);
        screenshot(chromium, html, "park-report.png");
    }

    /** Saved park JSON turned into a page: a timeline per blocker with a point per bucket, on the rows' order. */
    @Test
    @SuppressWarnings("unchecked")
    void parkTimelinesFromSavedJson(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path json = dir.resolve("park.json");
        Jremix.Run run = threeLocks(json);
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) Jremix.json(json).get("blockers");
        assertFalse(blockers.isEmpty(), run.stderr());
        RenderedPage page = loaded(chromium, pageOf(json), "");
        List<Integer> expected = new ArrayList<>();
        for (Map<String, Object> b : blockers) {
            List<Object> peaks = (List<Object>) ((Map<String, Object>) b.get("timeline")).get("peakParked");
            assertFalse(peaks.isEmpty(), "a collecting blocker has buckets: " + b);
            expected.add(peaks.size());
        }
        assertEquals(expected, page.timelinePoints("blockers", "timeline"));
    }

    /** Four threads through three locks, the park report written to {@code report}. */
    private static Jremix.Run threeLocks(Path report) throws IOException, InterruptedException {
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report),
                "io.jremix.workloads.park.LargeCriticalSection", "4", "300");
        assertEquals(0, run.exit(), run.stderr());
        return run;
    }

    /** {@code -XX:VBDReport=FILE.html}: a row per rewritten class, the relaxed names with their reason. */
    @Test
    void vbdReportWrittenAsHtml(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path patterns = Files.writeString(dir.resolve("relaxed.txt"),
                "io.jremix.workloads.vbd.StoreBufferingFields$State::*\n");
        Path html = dir.resolve("vbd.html");
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD", "-XX:VBDRelaxed=" + patterns, "-XX:VBDReport=" + html),
                Jremix.WORKLOADS.toString(), "io.jremix.workloads.vbd.Litmus", "sb-fields,mp", "10000");
        assertEquals(0, run.exit(), run.stderr());

        RenderedPage page = loaded(chromium, html, "");
        assertEquals(Integer.parseInt(match(VBD_CLASSES, run).group(1)), page.column("rewritten", "className").size());
        assertEquals(List.of("io.jremix.workloads.vbd.StoreBufferingFields$State"), page.listItems("relaxed-classes"));
        assertTrue(page.dom().contains("named by a pattern in " + patterns), "says why they are relaxed");
        screenshot(chromium, html, "vbd-report.png");
    }

    /** The check for script errors can fail: a sort by a table the page does not have is listed as one. */
    @Test
    void scriptErrorsAreListedOnThePage(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path html = dir.resolve("vbd.html");
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD", "-XX:VBDReport=" + html), Jremix.WORKLOADS.toString(),
                "io.jremix.workloads.vbd.Litmus", "sb-fields", "10");
        assertEquals(0, run.exit(), run.stderr());
        RenderedPage page = new RenderedPage(chromium.dom(html, "#sort=no-such-table:x"));
        assertTrue(page.ready(), page.dom());
        assertEquals(List.of("no table no-such-table"), page.scriptErrors());
    }

    /** {@code bin/jremix report JSON}: the page beside it. */
    private static Path pageOf(Path json) throws IOException, InterruptedException {
        Jremix.Run command = Jremix.launch(List.of("report", json.toString()));
        assertEquals(0, command.exit(), command.stderr());
        return json.resolveSibling(json.getFileName().toString().replace(".json", ".html"));
    }

    private static RenderedPage loaded(Chromium chromium, Path html, String fragment)
            throws IOException, InterruptedException {
        RenderedPage page = new RenderedPage(chromium.dom(html, fragment));
        assertTrue(page.ready(), "the page's script ran to its end: " + page.dom());
        assertEquals(List.of(), page.scriptErrors());
        return page;
    }

    private static void screenshot(Chromium chromium, Path html, String name) throws IOException, InterruptedException {
        Path png = SCREENSHOTS.resolve(name);
        Files.deleteIfExists(png);
        chromium.screenshot(html, png);
        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 8 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G', "a PNG: " + png);
    }

    private static Matcher match(Pattern pattern, Jremix.Run run) {
        return run.stderrLines().stream().map(pattern::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError("no line matching " + pattern + ": " + run.stderr()));
    }

    private static String hue(String style) {
        return style.replaceAll(".*background:hsl\\((\\d+),.*", "$1");
    }

    private static List<Double> numbers(List<String> cells) {
        List<Double> out = new ArrayList<>();
        cells.forEach(c -> out.add(Double.parseDouble(c)));
        return out;
    }
}
