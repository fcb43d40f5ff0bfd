package io.jremix.report.cache;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.TracedThread;
import io.jremix.core.cache.WindowHistory;
import io.jremix.report.Json;

/** The {@code -XX:REMIXReport} document: the findings REMIX printed (class, fields, kind, sites), as JSON. */
public final class CacheJsonReport {
    private static final int MAX_BELOW_THRESHOLD = 20;
    private static final int MAX_HITS = 32;

    private CacheJsonReport() {
    }

    public static Map<String, Object> document(CacheRun run, String version) {
        return document(run, version, className -> null);
    }

    /** The document, with each field finding's object layout where {@code layouts} knows the class. */
    public static Map<String, Object> document(CacheRun run, String version,
                                               Function<String, ObjectLayout> layouts) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "jremix");
        doc.put("version", version);
        doc.put("report", "cache-contention");
        doc.put("mode", run.mode());
        doc.put("findings", findings(run, run.findings(), true, layouts));
        doc.put("belowThreshold", findings(run, run.belowThreshold().subList(0,
                Math.min(MAX_BELOW_THRESHOLD, run.belowThreshold().size())), false, layouts));
        CacheRun.Settings s = run.settings();
        doc.put("settings", Json.object("samplingRatio", s.samplingRatio(), "lineSize", s.lineSize(),
                "thresholdPerSecond", s.thresholdPerSecond(), "costShare", s.costShare(),
                "windowSeconds", s.windowSeconds(),
                "maxWindowSeconds", s.maxWindowSeconds(), "rearmSeconds", s.rearmSeconds()));
        CacheRun.Trace t = run.trace();
        doc.put("trace", Json.object("windows", t.windows(), "tracedSeconds", round(t.tracedSeconds()),
                "sampledAccesses", t.sampledAccesses(), "sampledMisses", t.sampledMisses(), "handoffMisses", t.handoffMisses(),
                "droppedEvents", t.droppedEvents(), "unattributedEvents", t.unattributed(),
                "gcEpochs", t.gcEpochs(), "untracedThreads", t.untracedThreads()));
        CacheRun.Instrumented i = run.instrumentation();
        doc.put("instrumentation", Json.object("classes", i.classes(), "jdkClasses", i.jdkClasses(), "probes", i.probes(),
                "notDuplicated", i.notDuplicated(), "tooLarge", i.tooLarge(),
                "skipped", i.skipped(), "skippedClasses", i.skippedClasses(), "restored", i.restored(),
                "runningThroughout", i.runningThroughout().stream()
                        .map(r -> Json.object("className", r.className(), "methods", r.methods())).toList()));
        CacheRun.Jvm j = run.jvm();
        doc.put("jvm", Json.object("version", j.version(), "vendor", j.vendor(), "gc", j.gc(),
                "compressedOops", j.compressedOops(), "oopShift", j.oopShift()));
        if (run.repair() != null) {
            doc.put("repair", run.repair().json());
        }
        doc.put("windowHistory", windowHistory(run));
        return doc;
    }

    /** Each closed window: when it opened, how long it stayed open, what it found, and what it stopped tracing. */
    private static List<Object> windowHistory(CacheRun run) {
        List<Object> out = new ArrayList<>();
        for (WindowHistory.Window w : run.windowHistory()) {
            List<Object> seen = new ArrayList<>();
            for (WindowHistory.Seen f : w.findings()) {
                seen.add(Json.object("kind", f.kind().key(), "className", f.className(),
                        "location", f.location().name().toLowerCase(Locale.ROOT), "fields", f.fields(),
                        "sampled", f.sampled(), "events", f.sampled() * run.settings().samplingRatio(),
                        "new", f.newFound()));
            }
            Map<String, Object> window = Json.object("number", w.number(),
                    "openedAt", Instant.ofEpochMilli(w.openedEpochMillis()).toString(),
                    "openedSeconds", round((w.openedNanos() - run.startNanos()) / 1e9), "seconds", round(w.nanos() / 1e9),
                    "sampledAccesses", w.sampledAccesses(), "sampledMisses", w.sampledMisses(), "findings", seen,
                    "shedClasses", w.shed().classes(), "shed", w.shed().names());
            if (w.costNanos() >= 0) {
                window.put("costSeconds", round(w.costNanos() / 1e9));
            }
            out.add(window);
        }
        return out;
    }

    private static List<Object> findings(CacheRun run, List<Finding> findings, boolean detected,
                                         Function<String, ObjectLayout> layouts) {
        List<Object> out = new ArrayList<>();
        for (Finding f : findings) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", f.kind().key());
            m.put("className", f.className());
            m.put("fields", f.fields());
            m.put("events", f.events());
            m.put("repairable", f.repairable());
            m.put("location", f.location().name().toLowerCase(Locale.ROOT));
            m.put("sampled", f.sampled());
            m.put("ratePerSecond", Math.round(f.ratePerSecond()));
            m.put("costShare", share(f.costShare()));
            List<Object> hits = new ArrayList<>();
            for (Finding.Hit h : f.hits().subList(0, Math.min(MAX_HITS, f.hits().size()))) {
                hits.add(Json.object("label", h.label(), "sampled", h.sampled()));
            }
            m.put("hits", hits);
            m.put("conflictsWith", f.conflictsWith());
            m.put("sites", f.sites());
            if (!f.siteSamples().isEmpty()) {
                m.put("siteSampled", f.siteSamples());
            }
            Map<String, Object> writers = new LinkedHashMap<>();
            f.writers().forEach((field, threads) -> writers.put(field,
                    CacheRun.inOrder(threads).stream().map(t -> thread(run, t)).toList()));
            m.put("writers", writers);
            if (!f.neighbours().isEmpty()) {
                m.put("neighbours", f.neighbours().stream().map(n -> (Object) Json.object("field", n.field(),
                        "writer", thread(run, n.writer()), "other", n.other(),
                        "otherWriter", thread(run, n.otherWriter()),
                        "sameObject", n.sameObject(), "span", n.span(),
                        "ratePerSecond", Math.round(n.ratePerSecond()), "reads",
                        n.reads().name().toLowerCase(Locale.ROOT), "costShare", share(n.costShare()))).toList());
            }
            ObjectLayout layout = f.location() == Datum.Kind.FIELD ? layouts.apply(f.className()) : null;
            if (layout != null) {
                m.put("layout", layout.json());
            }
            if (run.repair() != null) {
                for (RepairReport.Advice a : run.repair().advice()) {
                    if (a.kind().equals(f.kind().key()) && a.className().equals(f.className())
                            && a.location().equals(f.location().name().toLowerCase(Locale.ROOT))) {
                        m.put("repair", Json.object("status", a.status(), "advice", a.text()));
                    }
                }
            }
            m.put("firstMissSeconds", round((f.firstMissNanos() - run.startNanos()) / 1e9));
            if (detected) {
                m.put("detectedSeconds", round((f.detectedNanos() - run.startNanos()) / 1e9));
                m.put("detectionMillis", round(f.detectionMillis()));
            }
            out.add(m);
        }
        return out;
    }

    /** A thread as {@code {"id": 23, "name": "worker-1"}}: its id, -1 if not known, and its name. */
    private static Object thread(CacheRun run, int index) {
        TracedThread t = run.thread(index);
        return Json.object("id", t.id(), "name", t.name());
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** A share to three significant digits: shares of interest run from 0.00001 up. */
    private static double share(double v) {
        return v > 0 ? new BigDecimal(v).round(new MathContext(3)).doubleValue() : 0;
    }
}
