package io.jremix.report.vbd;

import java.util.ArrayList;
import java.util.List;

import io.jremix.core.Counted;

/** Volatile-by-default's report at exit, as lines for stderr (without the {@code VBD: } prefix). */
public final class VbdTextReport {
    /** Names listed per line unless verbose. */
    static final int SHORT_LIST = 20;

    private VbdTextReport() {
    }

    public static List<String> lines(VbdRun run, boolean verbose) {
        VbdRun.Sites t = run.totals();
        List<String> lines = new ArrayList<>();
        lines.add("Rewrote " + t.classes() + " classes: " + t.fieldSites() + " field sites, " + t.arraySites()
                + " array sites, " + t.plainAccessSites() + " Unsafe/VarHandle sites, " + t.fences() + " fences added, "
                + t.unpublishedSites() + " constructor accesses before publication, " + t.effectivelyFinal()
                + " effectively final fields read plainly.");
        lines.add(run.loadedBefore() + " classes loaded before the agent and " + run.jdkLater()
                + " JDK classes loaded later are relaxed library code (plain Java memory model).");
        names(lines, "Relaxed classes", run.relaxedClasses(), verbose);
        names(lines, "Relaxed methods", run.relaxedMethods(), verbose);
        names(lines, "Relaxed fields", run.relaxedFields(), verbose);
        List<VbdRun.Failure> failed = run.failed();
        if (!failed.isEmpty()) {
            lines.add("Could not rewrite " + Counted.of(failed.size(), "class", "classes")
                    + ", left as they were and not sequentially consistent:");
            failed.forEach(f -> lines.add("- " + f.className() + " (" + f.reason() + ")"));
        }
        return lines;
    }

    private static void names(List<String> lines, String title, List<String> names, boolean verbose) {
        if (names.isEmpty()) {
            return;
        }
        List<String> shown = names;
        String more = "";
        if (!verbose && shown.size() > SHORT_LIST) {
            more = " and " + (shown.size() - SHORT_LIST) + " more (-XX:+VBDVerbose lists them all)";
            shown = shown.subList(0, SHORT_LIST);
        }
        lines.add(title + " (" + names.size() + "): " + String.join(", ", shown) + more);
    }
}
