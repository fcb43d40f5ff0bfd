package io.jremix.e2e.html;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    private static final String PAIR = "io.jremix.workloads.cache.FieldUpdaterCounters$Pair";
    /** A collapsed stack of the Pair's finding, its site's program frame, then the JDK's updater frame it called. */
    private static final Pattern PAIR_VIA_UPDATER = Pattern.compile("^" + Pattern.quote(PAIR) + "\\.\\S+ \\(false"
            + " sharing\\);[^;]*FieldUpdaterCounters\\.run\\([^;]*;[^;]*java\\.util\\.concurrent\\.atomic\\."
            + "AtomicLongFieldUpdater[^;]* \\d+$");
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
                .filter(f -> f.get("className").equals(PAIR))
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

        Path collapsed = dir.resolve("cache.collapsed");
        Jremix.Run toStacks = Jremix.launch(List.of("report", json.toString(), "-o", collapsed.toString()));
        assertEquals(0, toStacks.exit(), toStacks.stderr());
        List<String> stacks = Files.readAllLines(collapsed);
        assertTrue(stacks.stream().anyMatch(PAIR_VIA_UPDATER.asPredicate()),
                "the Pair's misses under the program's frame, then the updater's: " + stacks);
        assertEquals(stacks.stream().sorted().toList(), readBackByAsyncProfiler(collapsed), "a standard tool reads it");
        assertFlameGraph(new RenderedPage(chromium.dom(measuring(html), 1400, 900)).dom(), "flame-misses", stacks);
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

        List<String> boxes = boxesInProportion(new RenderedPage(chromium.dom(measuring(html), 1400, 900)).dom(),
                "flame-misses");
        assertTrue(boxes.stream().anyMatch(b -> b.startsWith(PAIR + ".")) && boxes.stream()
                .anyMatch(b -> b.contains("FieldUpdaterCounters.run(")), "the Pair's finding and its site: " + boxes);
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

    /**
     * {@code report=FILE.html}: the blockers grouped by class, a timeline for each of the text report's rows, sorted
     * by a column's heading: the groups, and the sites beneath each.
     */
    @Test
    void parkReportWrittenAsHtml(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path html = dir.resolve("park.html");
        Jremix.Run run = threeLocks(html);
        int rows = Integer.parseInt(match(PARK_ROWS, run).group(1));

        RenderedPage page = loaded(chromium, html, "");
        List<Integer> points = page.timelinePoints("blockers", "timeline");
        if (page.has("idle-blockers")) {
            points.addAll(page.timelinePoints("idle-blockers", "timeline"));
        }
        assertTrue(points.size() == rows && points.stream().allMatch(n -> n > 0), "a timeline per blocker: " + points);
        List<List<String>> where = page.groups("blockers", "where");
        assertTrue(where.stream().anyMatch(g -> g.get(0).endsWith("ReentrantLock$NonfairSync\n= ReentrantLock")
                && g.size() == 4), "the three locks' sites beneath their class: " + where);
        assertTrue(page.column("blockers", "waitKind").contains("lock"), page.dom());
        assertTrue(page.dom().contains("Contention (lock, pool and condition waits): "), "the text report's headline");

        for (String order : List.of("", ":asc")) {
            List<List<String>> groups = loaded(chromium, html, "#sort=blockers:timesParked" + order)
                    .groups("blockers", "timesParked");
            List<Double> firsts = new ArrayList<>();
            for (List<String> group : groups) {
                firsts.add(Double.parseDouble(group.get(0)));
                assertSorted(numbers(group.subList(1, group.size())), order.isEmpty());
            }
            assertSorted(firsts, order.isEmpty());
        }
        screenshot(chromium, html, "park-report.png");
    }

    /**
     * Saved park JSON of one lock taken at two sites, turned into a page and into collapsed stacks: laid out in a
     * 1,400 × 900 window, every site is within it, both sites are beneath their class, and the flame graph has a
     * box per frame of each stack, as wide as its park time.
     */
    @Test
    @SuppressWarnings("unchecked")
    void parkSitesAndFlameGraphFromSavedJson(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.require();
        Path json = dir.resolve("park.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + json),
                "io.jremix.workloads.park.TwoSites", "2", "2", "800");
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> blockers = (List<Map<String, Object>>) Jremix.json(json).get("blockers");
        assertEquals(List.of("lock"), blockers.stream().map(b -> b.get("waitKind")).distinct().toList(),
                "TwoSites parks on its lock only: " + blockers);
        Path html = pageOf(json);
        RenderedPage page = loaded(chromium, html, "");
        List<Integer> expected = new ArrayList<>();
        for (Map<String, Object> b : blockers) {
            List<Object> peaks = (List<Object>) ((Map<String, Object>) b.get("timeline")).get("peakParked");
            assertFalse(peaks.isEmpty(), "a collecting blocker has buckets: " + b);
            expected.add(peaks.size());
        }
        assertEquals(expected, page.timelinePoints("blockers", "timeline"));

        Path collapsed = dir.resolve("park.collapsed");
        Jremix.Run command = Jremix.launch(List.of("report", json.toString(), "-o", collapsed.toString()));
        assertEquals(0, command.exit(), command.stderr());
        List<String> stacks = Files.readAllLines(collapsed);
        assertEquals(stacks.stream().sorted().toList(), readBackByAsyncProfiler(collapsed), "a standard tool reads it");

        RenderedPage measured = new RenderedPage(chromium.dom(measuring(html), 1400, 900));
        assertTrue(measured.ready(), measured.dom());
        assertEquals("1400", attribute(measured.dom(), "data-window-width").get(0), "the window's width");
        List<Double> siteRightEdges = attribute(measured.dom(), "data-right").stream().map(Double::parseDouble).toList();
        assertTrue(!siteRightEdges.isEmpty() && siteRightEdges.stream().allMatch(x -> x <= 1400),
                "every site within the window: " + siteRightEdges);
        List<String> sites = measured.groups("blockers", "where").stream()
                .filter(g -> g.get(0).startsWith("java.util.concurrent.locks.ReentrantLock$NonfairSync")).findFirst()
                .orElseThrow(() -> new AssertionError(measured.dom()));
        for (String caller : List.of("produce", "consume")) {
            assertEquals(1, sites.stream().filter(s -> s.contains("TwoSites." + caller + "(")).count(),
                    caller + " beneath its class: " + sites);
        }
        assertFlameGraph(measured.dom(), "flame-contention", stacks);
    }

    /**
     * {@code collapsed} converted by async-profiler's converter ({@code jfrconv -o collapsed}, in this JVM): the
     * stacks as it read them, sorted, without the frame types it adds ({@code _[j]} for a Java frame).
     */
    private static List<String> readBackByAsyncProfiler(Path collapsed) throws Exception {
        Path jar = Jremix.testDependency("jfr-converter-");
        Path back = collapsed.resolveSibling("read-back.collapsed");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            loader.loadClass("Main").getMethod("main", String[].class)
                    .invoke(null, (Object) new String[] {"-o", "collapsed", collapsed.toString(), back.toString()});
        }
        return Files.readAllLines(back).stream().map(line -> line.replaceAll("_\\[\\w\\](?=[; ])", "")).sorted()
                .toList();
    }

    /**
     * The flame graph in the element {@code id} has one box per frame of each stack of the collapsed file (stacks
     * with a common beginning share its boxes) under its root, which has their total, each box as wide, in the
     * browser, as its value.
     */
    private static void assertFlameGraph(String dom, String id, List<String> stacks) {
        Set<String> prefixes = new HashSet<>();
        long total = 0;
        for (String line : stacks) {
            int space = line.lastIndexOf(' ');
            String[] frames = line.substring(0, space).split(";");
            for (int i = 1; i <= frames.length; i++) {
                prefixes.add(String.join(";", Arrays.copyOf(frames, i)));
            }
            total += Long.parseLong(line.substring(space + 1));
        }
        List<String> boxes = boxesInProportion(dom, id);
        assertTrue(!boxes.isEmpty() && boxes.get(0).endsWith(" = " + total), "the root has the total: " + boxes);
        assertEquals(prefixes.size() + 1, boxes.size(), "a box per frame and the root: " + boxes + " for " + stacks);
    }

    /**
     * The boxes of the flame graph in the element {@code id} of a {@link #measuring} page, root first, as
     * {@code "title = value"}, each checked to be as wide, in the browser, as its share of the root's value.
     */
    private static List<String> boxesInProportion(String dom, String id) {
        int start = dom.indexOf("<div id=\"" + id + "\">");
        assertTrue(start >= 0, "no flame graph " + id + ": " + dom);
        String graph = dom.substring(start, dom.indexOf("</svg>", start));
        Matcher box = Pattern.compile("<g class=\"frame\" data-depth=\"\\d+\" data-value=\"(\\d+)\"><title>([^<]*)"
                + "</title>.*?data-width=\"([\\d.]+)\"").matcher(graph);
        List<String> boxes = new ArrayList<>();
        double rootWidth = -1;
        long rootValue = -1;
        while (box.find()) {
            long value = Long.parseLong(box.group(1));
            double width = Double.parseDouble(box.group(3));
            rootWidth = rootWidth < 0 ? width : rootWidth;
            rootValue = rootValue < 0 ? value : rootValue;
            assertEquals((double) value / rootValue * rootWidth, width, 0.5, box.group(2) + ": " + value);
            boxes.add(box.group(2) + " = " + value);
        }
        return boxes;
    }

    /**
     * A copy of {@code html} whose last script writes, as the browser laid it out, the window's width on the page,
     * the right edge of each blocker's site cell and the width of each flame-graph box on them.
     */
    private static Path measuring(Path html) throws IOException {
        String measure = "<script>document.documentElement.setAttribute('data-window-width',window.innerWidth);"
                + "document.querySelectorAll('#blockers td.code').forEach(function(td){"
                + "td.setAttribute('data-right',td.getBoundingClientRect().right);});"
                + "document.querySelectorAll('svg.flame rect').forEach(function(r){"
                + "r.setAttribute('data-width',r.getBoundingClientRect().width);});</script>";
        Path copy = html.resolveSibling("measured-" + html.getFileName());
        return Files.writeString(copy, Files.readString(html).replace("</body>", measure + "</body>"));
    }

    private static List<String> attribute(String dom, String name) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(dom);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static void assertSorted(List<Double> values, boolean descending) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(descending ? Comparator.reverseOrder() : Comparator.naturalOrder());
        assertEquals(sorted, values, descending ? "descending" : "ascending");
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
                "io.jremix.workloads.vbd.StoreBufferingFieldsCase$State::*\n");
        Path html = dir.resolve("vbd.html");
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD", "-XX:VBDRelaxed=" + patterns, "-XX:VBDReport=" + html),
                Jremix.WORKLOADS.toString(), "io.jremix.workloads.vbd.Litmus", "sb-fields,mp", "10000");
        assertEquals(0, run.exit(), run.stderr());

        RenderedPage page = loaded(chromium, html, "");
        assertEquals(Integer.parseInt(match(VBD_CLASSES, run).group(1)), page.column("rewritten", "className").size());
        assertEquals(List.of("io.jremix.workloads.vbd.StoreBufferingFieldsCase$State"), page.listItems("relaxed-classes"));
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
