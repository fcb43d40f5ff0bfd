package io.jremix.report.vbd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jremix.report.Json;

/** The {@code -XX:VBDReport} document: what volatile-by-default rewrote and what it left relaxed, as JSON. */
public final class VbdJsonReport {
    private VbdJsonReport() {
    }

    public static Map<String, Object> document(VbdRun run, String version) {
        List<Object> rewritten = new ArrayList<>();
        run.rewritten().forEach(s -> rewritten.add(sites(s)));
        List<Object> failed = new ArrayList<>();
        run.failed().forEach(f -> failed.add(Json.object("className", f.className(), "reason", f.reason())));
        return Json.object("tool", "jremix", "version", version, "report", "volatile-by-default",
                "relaxedFile", run.relaxedFile(), "totals", sites(run.totals()), "loadedBefore", run.loadedBefore(),
                "jdkClassesLater", run.jdkLater(), "rewritten", rewritten, "relaxedClasses", run.relaxedClasses(),
                "relaxedMethods", run.relaxedMethods(), "relaxedFields", run.relaxedFields(), "failed", failed);
    }

    private static Map<String, Object> sites(VbdRun.Sites s) {
        Map<String, Object> m = s.className() != null ? Json.object("className", s.className())
                : Json.object("classes", s.classes());
        m.putAll(Json.object("fieldSites", s.fieldSites(), "arraySites", s.arraySites(),
                "plainAccessSites", s.plainAccessSites(), "fences", s.fences(), "unpublishedSites", s.unpublishedSites(),
                "effectivelyFinal", s.effectivelyFinal()));
        return m;
    }
}
