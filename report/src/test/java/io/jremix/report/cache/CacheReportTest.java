package io.jremix.report.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import io.jremix.core.cache.TracedThread;
import io.jremix.core.cache.WindowHistory;
import io.jremix.report.Json;
import io.jremix.report.html.SameEitherRoute;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheReportTest {
    private static final long START = 1_000_000_000L;
    /** The fixtures' threads by index in the trace: thread 1 is {@code "t1" #11}. */
    private static final Map<Integer, TracedThread> THREADS = Map.of(0, new TracedThread(10, "t0"),
            1, new TracedThread(11, "t1"), 2, new TracedThread(12, "t2"));
    private static final Map<String, Object> T0 = Map.of("id", 10L, "name", "t0");
    private static final Map<String, Object> T1 = Map.of("id", 11L, "name", "t1");
    private static final Map<String, Object> T2 = Map.of("id", 12L, "name", "t2");

    private static Finding finding(SharingKind kind, String cls, Datum.Kind location, List<String> fields,
                                   List<Finding.Hit> hits, boolean repairable) {
        return finding(kind, cls, location, fields, hits, repairable, List.of());
    }

    private static Finding finding(SharingKind kind, String cls, Datum.Kind location, List<String> fields,
                                   List<Finding.Hit> hits, boolean repairable, List<Finding.Neighbours> neighbours) {
        long sampled = hits.stream().mapToLong(Finding.Hit::sampled).sum();
        return new Finding(kind, cls, location, fields, sampled * 100, sampled, repairable, hits, List.of("Other::x"),
                List.of("a.B.run(B.java:7)"), 2e6, START + 100_000_000L, START + 150_000_000L, Map.of(), neighbours,
                0.0031);
    }

    /** Latent false sharing on a 24-byte counter, one per thread. */
    private static Finding latent() {
        return finding(SharingKind.LATENT_FALSE_SHARING, "a.C", Datum.Kind.FIELD, List.of("value"),
                List.of(new Finding.Hit("value[16]", 40)), true,
                List.of(new Finding.Neighbours("value", 1, "a.C::value", 2, false, 32, 2.5e6, Finding.Reads.NONE, 0.0031)));
    }

    private static CacheRun run(List<Finding> findings) {
        return run(findings, 0);
    }

    private static CacheRun run(List<Finding> findings, long untracedThreads) {
        return run(findings, untracedThreads, 0, List.of());
    }

    private static CacheRun run(List<Finding> findings, long untracedThreads, double rearmSeconds,
                                List<WindowHistory.Window> history) {
        return run(findings, untracedThreads, rearmSeconds, history, List.of());
    }

    private static CacheRun run(List<Finding> findings, long untracedThreads, double rearmSeconds,
                                List<WindowHistory.Window> history, List<CacheRun.Running> runningThroughout) {
        return new CacheRun("detect", START, new CacheRun.Settings(100, 64, 0, 3, 10, rearmSeconds, 0.0003),
                new CacheRun.Trace(1, 2.5, 5000, 700, 40, 0, 0, 1, untracedThreads),
                new CacheRun.Instrumented(3, 1, 40, 0, 0, 0, List.of(), 2, runningThroughout),
                new CacheRun.Jvm("17", "vendor", "G1", true, 3), findings, List.of(), null, history, THREADS);
    }

    /** Two re-armed windows: the first found a.B$V, the second found it again and nothing new. */
    private static CacheRun rearmed() {
        WindowHistory.Seen first = new WindowHistory.Seen(SharingKind.FALSE_SHARING, "a.B$V", Datum.Kind.FIELD,
                List.of("value"), 12, true);
        WindowHistory.Seen again = new WindowHistory.Seen(SharingKind.FALSE_SHARING, "a.B$V", Datum.Kind.FIELD,
                List.of("value"), 7, false);
        return run(List.of(), 0, 20, List.of(
                new WindowHistory.Window(1, 0, START + 50_000_000L, 3_000_000_000L, 4000, 12, List.of(first), -1,
                        new WindowHistory.Shed(3, List.of("a.C", "a.D", "a.E"))),
                new WindowHistory.Window(2, 23_000, START + 23_050_000_000L, 2_500_000_000L, 1000, 7, List.of(again),
                        1_234_000_000L, WindowHistory.Shed.NONE)));
    }

    @Test
    void withRearmingTheTextSaysWhatTheLastWindowFound() {
        List<String> lines = CacheTextReport.lines(rearmed());
        assertTrue(lines.get(lines.size() - 1).matches("Window 2, opened \\d\\d:\\d\\d:23 for 2\\.5 s:"
                + " a\\.B\\$V false sharing, 7 sampled\\."), lines.toString());
        assertEquals(2, CacheTextReport.lines(run(List.of())).size(), "one window without re-arming: no such line");
    }

    @Test
    void classesLeftWithoutProbesByARunningMethodAreNamedWithIt() throws Json.MalformedJsonException {
        CacheRun run = run(List.of(), 0, 0, List.of(), List.of(new CacheRun.Running("a.Service", List.of("main",
                "serve"))));
        List<String> lines = CacheTextReport.lines(run);
        assertTrue(lines.get(2).startsWith("Not traced, because one of their methods ran until the window closed"),
                lines.toString());
        assertEquals("  a.Service, running main, serve", lines.get(3));
        @SuppressWarnings("unchecked")
        Map<String, Object> instrumentation = (Map<String, Object>) ((Map<String, Object>) Json.parse(
                Json.write(CacheJsonReport.document(run, "1.0")))).get("instrumentation");
        assertEquals(List.of(Map.of("className", "a.Service", "methods", List.of("main", "serve"))),
                instrumentation.get("runningThroughout"));
    }

    @Test
    void jsonReportHasTheWindowHistory() throws Json.MalformedJsonException {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> history = (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(
                Json.write(CacheJsonReport.document(rearmed(), "1.0")))).get("windowHistory");
        assertEquals(2, history.size());
        Map<String, Object> w = history.get(1);
        assertEquals(2L, w.get("number"));
        assertEquals("1970-01-01T00:00:23Z", w.get("openedAt"));
        assertEquals(23.05, w.get("openedSeconds"));
        assertEquals(2.5, w.get("seconds"));
        assertEquals(1000L, w.get("sampledAccesses"));
        assertEquals(7L, w.get("sampledMisses"));
        assertEquals(List.of(Map.of("kind", "false-sharing", "className", "a.B$V", "location", "field",
                "fields", List.of("value"), "sampled", 7L, "events", 700L, "new", false)), w.get("findings"));
        assertEquals(true, ((List<Map<String, Object>>) history.get(0).get("findings")).get(0).get("new"));
        assertEquals(1.234, w.get("costSeconds"));
        assertFalse(history.get(0).containsKey("costSeconds"), "the first window is not costed");
        assertEquals(3L, history.get(0).get("shedClasses"));
        assertEquals(List.of("a.C", "a.D", "a.E"), history.get(0).get("shed"));
        assertEquals(0L, w.get("shedClasses"));
        assertEquals(List.of(), w.get("shed"));
    }

    @Test
    void textReportFollowsRemixWithTheSharingKind() {
        List<String> lines = CacheTextReport.lines(run(List.of(
                finding(SharingKind.FALSE_SHARING, "a.B$V", Datum.Kind.FIELD, List.of("value"),
                        List.of(new Finding.Hit("value[16]", 12)), true),
                finding(SharingKind.TRUE_SHARING, "a.B$V", Datum.Kind.FIELD, List.of("value"),
                        List.of(new Finding.Hit("value[16]", 3)), false))));
        assertEquals(List.of(
                "Processed 1 classes:",
                "Hits for class 'a.B$V':",
                "- Hit a.B$V::value[16]: 12 sampled, ~1200 misses (false sharing)",
                "  ~2.00e+06 misses/s, costing its threads 0.31% of their time",
                "  on the same lines as: Other::x",
                "  at a.B.run(B.java:7)",
                "- Hit a.B$V::value[16]: 3 sampled, ~300 misses (true sharing, not repairable by padding)",
                "  ~2.00e+06 misses/s, costing its threads 0.31% of their time",
                "  on the same lines as: Other::x",
                "  at a.B.run(B.java:7)",
                "Traced 2.5 s in 1 window at 1:100: 5000 accesses sampled, 700 coherence misses, 2 findings."), lines);
    }

    /** Two fields written by threads of their own, from two sites: the text names both sites and every writer. */
    private static Finding twoWriters() {
        return new Finding(SharingKind.FALSE_SHARING, "a.P", Datum.Kind.FIELD, List.of("left", "right"), 900, 9,
                true, List.of(new Finding.Hit("left[12]", 5), new Finding.Hit("right[20]", 4)), List.of(),
                List.of("app//a.P.addLeft(P.java:7)", "app//a.P.addRight(P.java:9)"), List.of(5L, 4L), 2e6, START,
                START,
                new TreeMap<>(Map.of("left", Set.of(0), "right", Set.of(2, 1))), List.of(), 0.0031);
    }

    @Test
    void textNamesEachFieldsWriterThreads() {
        List<String> lines = CacheTextReport.lines(run(List.of(twoWriters())));
        assertTrue(lines.contains("  written by: left \"t0\" #10; right \"t1\" #11, \"t2\" #12"), lines.toString());
    }

    @Test
    void manyWritersAreCutAfterTheFirstFew() {
        Finding many = new Finding(SharingKind.TRUE_SHARING, "a.P", Datum.Kind.FIELD, List.of("n"), 900, 9, false,
                List.of(new Finding.Hit("n[12]", 9)), List.of(), List.of(), 2e6, START, START,
                Map.of("n", Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)), List.of(), 0.0031);
        assertTrue(CacheTextReport.lines(run(List.of(many))).contains("  written by: n \"t0\" #10, \"t1\" #11,"
                + " \"t2\" #12, traced thread 3, traced thread 4, traced thread 5, traced thread 6, traced thread 7"
                + " and 2 more"));
    }

    @Test
    void textNamesEverySiteHottestFirst() {
        List<String> lines = CacheTextReport.lines(run(List.of(twoWriters())));
        assertEquals(List.of("  at app//a.P.addLeft(P.java:7)", "  at app//a.P.addRight(P.java:9)"),
                lines.subList(lines.size() - 3, lines.size() - 1), "both writing sites: " + lines);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonNamesWritersByIdAndName() throws Json.MalformedJsonException {
        Map<String, Object> f = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Json.write(
                CacheJsonReport.document(run(List.of(twoWriters())), "1.0")))).get("findings")).get(0);
        assertEquals(Map.of("left", List.of(T0), "right", List.of(T1, T2)), f.get("writers"));
        assertEquals(List.of(5L, 4L), f.get("siteSampled"), "each site's sampled misses, in the sites' order");
    }

    @Test
    void aThreadWhoseNameWasNotKeptIsNamedByItsIndex() {
        Finding f = finding(SharingKind.LATENT_FALSE_SHARING, "a.C", Datum.Kind.FIELD, List.of("value"),
                List.of(new Finding.Hit("value[16]", 40)), true,
                List.of(new Finding.Neighbours("value", 7, "a.C::value", 1, false, 32, 2.5e6, Finding.Reads.NONE, 0)));
        assertTrue(CacheTextReport.lines(run(List.of(f))).stream().anyMatch(l -> l.contains(
                "value written by traced thread 7, the same field of a neighbouring instance by \"t1\" #11")));
    }

    /** The page drawn inside the program (the document as built) is the page drawn from its JSON file. */
    @Test
    void theHtmlPageIsTheSameDirectOrThroughJson() throws Json.MalformedJsonException {
        Map<String, Object> doc = CacheJsonReport.document(run(List.of(twoWriters(), latent())), "1.0");
        String direct = SameEitherRoute.assertSame(doc);
        assertTrue(direct.contains("\"t1\" #11, \"t2\" #12".replace("\"", "&quot;")), direct);
        assertFalse(direct.contains("none seen"), direct);
    }

    @Test
    void untracedThreadsAreCountedAfterTheSummary() {
        List<String> lines = CacheTextReport.lines(run(List.of(), 144));
        assertEquals(List.of("Processed 0 classes.",
                "Traced 2.5 s in 1 window at 1:100: 5000 accesses sampled, 700 coherence misses, 0 findings.",
                "144 threads were not traced, or only in part: at most 256 threads are traced at once."), lines);
        assertEquals("1 thread was not traced, or only in part: at most 256 threads are traced at once.",
                CacheTextReport.lines(run(List.of(), 1)).get(2));
    }

    @Test
    void arrayHitsAreCapped() {
        List<Finding.Hit> hits = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            hits.add(new Finding.Hit("[" + i + "]", 20 - i));
        }
        List<String> lines = CacheTextReport.lines(run(List.of(
                finding(SharingKind.FALSE_SHARING, "long[]", Datum.Kind.ELEMENT, List.of(), hits, false))));
        assertTrue(lines.contains("- Hit long[] element [0]: 20 sampled, ~2000 misses (false sharing, not repairable by padding)"), lines.toString());
        assertTrue(lines.contains("- ... 4 more elements: 42 sampled (false sharing, not repairable by padding)"), lines.toString());
        assertEquals(CacheTextReport.MAX_HITS, lines.stream().filter(l -> l.startsWith("- Hit")).count());
    }

    @Test
    void jsonReportHasTheContractKeys() throws Json.MalformedJsonException {
        Map<String, Object> doc = CacheJsonReport.document(run(List.of(finding(SharingKind.FALSE_SHARING, "a.B$V",
                Datum.Kind.FIELD, List.of("head", "tail"), List.of(new Finding.Hit("head[16]", 5)), true))), "1.0");
        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = (Map<String, Object>) Json.parse(Json.write(doc));
        @SuppressWarnings("unchecked")
        Map<String, Object> f = ((List<Map<String, Object>>) parsed.get("findings")).get(0);
        assertEquals("false-sharing", f.get("kind"));
        assertEquals("a.B$V", f.get("className"));
        assertEquals(List.of("head", "tail"), f.get("fields"));
        assertEquals(500L, f.get("events"));
        assertEquals(true, f.get("repairable"));
        assertEquals("field", f.get("location"));
        assertEquals(0.15, f.get("detectedSeconds"));
        assertEquals(50L, f.get("detectionMillis"), "whole numbers are written as integers");
    }

    @Test
    void latentFalseSharingCountsWritesAndSaysWhereTheFieldsCouldMeet() throws Json.MalformedJsonException {
        List<String> lines = CacheTextReport.lines(run(List.of(latent())));
        assertEquals(List.of(
                "Processed 1 classes:",
                "Hits for class 'a.C':",
                "- Hit a.C::value[16]: 40 sampled, ~4000 writes (latent false sharing)",
                "  could share a 64-byte line: value written by \"t1\" #11, the same field of a neighbouring instance"
                        + " by \"t2\" #12 (32 bytes from first to last byte), ~2.50e+06 writes/s each",
                "  ~2.00e+06 accesses/s, would cost its threads 0.31% of their time, running at once",
                "  on the same lines as: Other::x",
                "  at a.B.run(B.java:7)",
                "Traced 2.5 s in 1 window at 1:100: 5000 accesses sampled, 700 coherence misses, 1 finding."), lines);

        @SuppressWarnings("unchecked")
        Map<String, Object> f = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Json.write(
                CacheJsonReport.document(run(List.of(latent())), "1.0")))).get("findings")).get(0);
        assertEquals("latent-false-sharing", f.get("kind"));
        assertEquals(true, f.get("repairable"));
        assertEquals(List.of(Map.of("field", "value", "writer", T1, "other", "a.C::value", "otherWriter", T2,
                "sameObject", false, "span", 32L, "ratePerSecond", 2500000L, "reads", "none", "costShare", 0.0031)),
                f.get("neighbours"));
    }

    @Test
    void observedFalseSharingAlsoPredictedCarriesTheNeighboursUnderItsOwnKind() throws Json.MalformedJsonException {
        Finding observed = finding(SharingKind.FALSE_SHARING, "a.C", Datum.Kind.FIELD, List.of("value"),
                List.of(new Finding.Hit("value[16]", 5)), true, latent().neighbours());
        List<String> lines = CacheTextReport.lines(run(List.of(observed)));
        assertEquals(List.of(
                "Processed 1 classes:",
                "Hits for class 'a.C':",
                "- Hit a.C::value[16]: 5 sampled, ~500 misses (false sharing)",
                "  predicted too, whatever the placement, within a 64-byte line: value written by \"t1\" #11, the same"
                        + " field of a neighbouring instance by \"t2\" #12 (32 bytes from first to last byte),"
                        + " ~2.50e+06 writes/s each",
                "  ~2.00e+06 misses/s, costing its threads 0.31% of their time",
                "  on the same lines as: Other::x",
                "  at a.B.run(B.java:7)",
                "Traced 2.5 s in 1 window at 1:100: 5000 accesses sampled, 700 coherence misses, 1 finding."), lines);

        @SuppressWarnings("unchecked")
        Map<String, Object> f = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Json.write(
                CacheJsonReport.document(run(List.of(observed)), "1.0")))).get("findings")).get(0);
        assertEquals("false-sharing", f.get("kind"));
        assertEquals(5L, f.get("sampled"));
        assertEquals(List.of(Map.of("field", "value", "writer", T1, "other", "a.C::value", "otherWriter", T2,
                "sameObject", false, "span", 32L, "ratePerSecond", 2500000L, "reads", "none", "costShare", 0.0031)),
                f.get("neighbours"));
    }

    @Test
    void anotherFieldOfANeighbouringInstanceIsNamed() {
        Finding ends = finding(SharingKind.LATENT_FALSE_SHARING, "a.E", Datum.Kind.FIELD, List.of("a", "b"),
                List.of(new Finding.Hit("a[12]", 40), new Finding.Hit("b[144]", 40)), true,
                List.of(new Finding.Neighbours("a", 0, "a.E::b", 1, false, 36, 2.5e6, Finding.Reads.NONE, 0.0031)));
        assertTrue(CacheTextReport.lines(run(List.of(ends))).contains("  could share a 64-byte line: a written by"
                + " \"t0\" #10, a.E::b of a neighbouring instance by \"t1\" #11 (36 bytes from first to last byte),"
                + " ~2.50e+06 writes/s each"));
    }

    @Test
    void aFieldOnlyReadIsSaidToBeRead() throws Json.MalformedJsonException {
        Finding queue = finding(SharingKind.LATENT_FALSE_SHARING, "a.Q", Datum.Kind.FIELD, List.of("tail", "head"),
                List.of(new Finding.Hit("tail[12]", 40)), true,
                List.of(new Finding.Neighbours("tail", 0, "a.Q::head", 1, true, 8, 1e6, Finding.Reads.OTHER, 0.0125)));
        Finding inherited = finding(SharingKind.LATENT_FALSE_SHARING, "a.Q", Datum.Kind.FIELD, List.of("head"),
                List.of(), true, List.of(new Finding.Neighbours("head", 1, "java.util.concurrent.atomic.AtomicReference"
                        + "::value", 0, true, 8, 1e6, Finding.Reads.FIELD, 0.0125)));
        List<String> lines = CacheTextReport.lines(run(List.of(queue, inherited)));
        assertTrue(lines.contains("  could share a 64-byte line: tail written by \"t0\" #10, a.Q::head of the same object"
                + " read by \"t1\" #11 (8 bytes from first to last byte), ~1.00e+06 accesses/s each"), lines.toString());
        assertTrue(lines.contains("  could share a 64-byte line: head read by \"t1\" #11,"
                + " java.util.concurrent.atomic.AtomicReference::value of the same object written by \"t0\" #10"
                + " (8 bytes from first to last byte), ~1.00e+06 accesses/s each"), lines.toString());

        @SuppressWarnings("unchecked")
        Map<String, Object> f = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(Json.write(
                CacheJsonReport.document(run(List.of(queue)), "1.0")))).get("findings")).get(0);
        assertEquals(List.of("tail", "head"), f.get("fields"));
        assertEquals(0.0031, f.get("costShare"));
        @SuppressWarnings("unchecked")
        Map<String, Object> pair = ((List<Map<String, Object>>) f.get("neighbours")).get(0);
        assertEquals("other", pair.get("reads"));
        assertEquals(0.0125, pair.get("costShare"));
    }

    @Test
    void sharesAreWrittenAsPercentagesToTwoDigits() {
        assertEquals("0.031%", CacheTextReport.percent(0.000312));
        assertEquals("1.2%", CacheTextReport.percent(0.01234));
        assertEquals("65%", CacheTextReport.percent(0.6504));
        assertEquals("0%", CacheTextReport.percent(0));
    }

    @Test
    void otherKindsHaveNoNeighbours() {
        Map<String, Object> doc = CacheJsonReport.document(run(List.of(finding(SharingKind.FALSE_SHARING, "a.B$V",
                Datum.Kind.FIELD, List.of("value"), List.of(new Finding.Hit("value[16]", 5)), true))), "1.0");
        @SuppressWarnings("unchecked")
        Map<String, Object> f = ((List<Map<String, Object>>) doc.get("findings")).get(0);
        assertFalse(f.containsKey("neighbours"), f.toString());
    }
}
