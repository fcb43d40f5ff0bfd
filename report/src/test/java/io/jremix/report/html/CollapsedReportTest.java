package io.jremix.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.report.ReportFormat;
import org.junit.jupiter.api.Test;

/** Collapsed stacks of park and cache reports, and the flame graphs drawn from them. */
class CollapsedReportTest {
    private static final String PARK = "java.base/java.util.concurrent.locks.LockSupport.park(LockSupport.java:209)";
    private static final String LOCK = "java.base/java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322)";
    private static final String UPDATER = "java.base/java.util.concurrent.atomic.AtomicLongFieldUpdater$CASUpdater"
            + ".getAndAdd(AtomicLongFieldUpdater.java:100)";

    /** A lock reached from two sites, and a latch of an older report without sites. */
    private static Map<String, Object> parkReport() {
        return Map.of("report", "park-contention", "blockers", List.of(
                Map.of("className", "a.Lock", "waitKind", "lock", "parkThreadTimeMs", 3.5, "sites", List.of(
                        Map.of("stackTrace", List.of(PARK, LOCK, "app//demo.A.a(A.java:1)", "app//demo.Main.main(Main.java:9)"),
                                "parkThreadTimeMs", 2.0),
                        Map.of("stackTrace", List.of(PARK, LOCK, "app//demo.B.b(B.java:2)", "app//demo.Main.main(Main.java:9)"),
                                "parkThreadTimeMs", 1.2345))),
                Map.of("className", "a.Latch", "waitKind", "idle", "parkThreadTimeMs", 2.0,
                        "stackTrace", List.of(PARK, "app//demo.W.run(W.java:5)"))));
    }

    /**
     * One line a stack, outermost first under its blocker's class, in microseconds, most first (then by name);
     * chosen by the file's name.
     */
    @Test
    void aParkReportIsWrittenAsCollapsedStacks() {
        String text = ReportFormat.render(Path.of("park.COLLAPSED"), parkReport());
        assertEquals("""
                a.Latch;app//demo.W.run(W.java:5);%1$s 2000
                a.Lock;app//demo.Main.main(Main.java:9);app//demo.A.a(A.java:1);%2$s;%1$s 2000
                a.Lock;app//demo.Main.main(Main.java:9);app//demo.B.b(B.java:2);%2$s;%1$s 1235
                """.formatted(PARK, LOCK), text);
    }

    /**
     * Equal stacks add up and stacks without time are left out; a frame's {@code ;} and line breaks are replaced
     * (the format has no escapes), its spaces kept: readers take the value after the last space.
     */
    @Test
    void framesAreKeptReadable() {
        String text = CollapsedStacks.text(List.of(
                new CollapsedStacks.Stack(List.of("a b", "x;y"), 3),
                new CollapsedStacks.Stack(List.of("a b", "x;y"), 4),
                new CollapsedStacks.Stack(List.of("line\nbreak"), 0)));
        assertEquals("a b;x:y 7\n", text);
    }

    /**
     * Findings of each kind and location: a field updater's site (program frame via JDK frame), a site past the
     * counted ones, a report without site counts, a static, and latent false sharing, which has no misses.
     */
    private static Map<String, Object> cacheReport() {
        return Map.of("report", "cache-contention", "findings", List.of(
                Map.of("kind", "false-sharing", "className", "a.Tally", "location", "field", "fields", List.of("value"),
                        "events", 1000, "sampled", 10, "sites", List.of("app//a.Tally.add(Tally.java:5) via " + UPDATER,
                                "app//a.Main.run(Main.java:9)", "app//a.Main.rare(Main.java:12)"),
                        "siteSampled", List.of(6, 3)),
                Map.of("kind", "true-sharing", "className", "long[]", "location", "element", "fields", List.of(),
                        "events", 50, "sampled", 5, "sites", List.of("app//a.Array.set(Array.java:4)")),
                Map.of("kind", "true-sharing", "className", "a.S", "location", "static", "fields", List.of("n", "m"),
                        "events", 20, "sampled", 2, "sites", List.of("app//a.S.inc(S.java:3)"), "siteSampled", List.of(2)),
                Map.of("kind", "latent-false-sharing", "className", "a.L", "location", "field", "fields", List.of("x"),
                        "events", 5000, "sampled", 50, "sites", List.of("app//a.L.set(L.java:1)"),
                        "siteSampled", List.of(50))));
    }

    /**
     * Each finding's estimated misses under it, split among its sites by their sampled misses, the program's frame
     * before the JDK frame it called; the misses of no counted site on the finding alone; latent false sharing left
     * out.
     */
    @Test
    void aCacheReportIsWrittenAsCollapsedStacks() {
        assertEquals("""
                a.Tally.value (false sharing);app//a.Tally.add(Tally.java:5);%s 600
                a.Tally.value (false sharing);app//a.Main.run(Main.java:9) 300
                a.Tally.value (false sharing) 100
                long[] elements (true sharing) 50
                a.S.n,m (true sharing, static);app//a.S.inc(S.java:3) 20
                """.formatted(UPDATER), ReportFormat.render(Path.of("cache.collapsed"), cacheReport()));
    }

    /** The cache page draws the same stacks, each box's title in misses. */
    @Test
    void theCachePageDrawsMissesByFindingAndSite() {
        String page = ReportFormat.render(Path.of("cache.html"), cacheReport());
        String graph = page.substring(page.indexOf("<div id=\"flame-misses\">"));
        assertTrue(graph.contains("<title>all findings: ~1070 misses, 100%</title>"), graph);
        assertTrue(graph.contains("<title>a.Tally.value (false sharing): ~1000 misses, 93.5%</title>"), graph);
        assertTrue(graph.contains(">a.Tally.add(Tally.java:5)</text>"), graph);
        assertTrue(!graph.contains("a.L.x"), "no latent false sharing: " + graph);
    }

    @Test
    void onlyParkAndCacheReportsHaveCollapsedStacks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportFormat.render(Path.of("x.collapsed"), Map.of("report", "volatile-by-default")));
        assertEquals("collapsed stacks are written for park-contention and cache-contention reports, not for"
                + " 'volatile-by-default'", e.getMessage());
    }

    /** A box per frame of each stack, shared prefixes once, each as wide as the time under it. */
    @Test
    void theFlameGraphHasABoxPerFrameAsWideAsItsTime() {
        String svg = FlameGraph.svg("all", ParkStacks.of(new JsonView(parkReport()), row -> true), ParkStacks::shown);
        Matcher m = Pattern.compile("<g class=\"frame\" data-depth=\"(\\d+)\" data-value=\"(\\d+)\"><title>([^<]*)</title>"
                + "<rect x=\"[\\d.]+\" y=\"[\\d.]+\" width=\"([\\d.]+)\"").matcher(svg);
        List<String> boxes = new ArrayList<>();
        while (m.find()) {
            double width = Double.parseDouble(m.group(4));
            assertEquals(Long.parseLong(m.group(2)) / 5235.0 * FlameGraph.WIDTH, width, 0.01, m.group(3));
            boxes.add(m.group(1) + " " + m.group(3));
        }
        // root; a.Lock, main, then A.a and B.b with their 2 JDK frames each; a.Latch, W.run, park
        assertEquals(1 + 2 + 2 * 3 + 3, boxes.size(), boxes.toString());
        assertEquals("0 all: 5.235 ms, 100%", boxes.get(0));
        assertEquals("1 a.Lock: 3.235 ms, 61.8%", boxes.get(1));
        assertTrue(boxes.contains("4 " + LOCK + ": 2 ms, 38.2%"), boxes.toString());
        assertTrue(svg.contains(">demo.A.a(A.java:1)</text>")
                && svg.contains(">java.util.concurrent.locks.LockSupport.park(LockSupport.java:209)</text>"),
                "labels without the loader's or module's name: " + svg);
    }
}
