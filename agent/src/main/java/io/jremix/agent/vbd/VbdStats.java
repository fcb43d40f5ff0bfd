package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.jremix.report.VbdRun;

/**
 * What volatile-by-default did to the classes that loaded, for the report at exit. Class loading runs on many
 * threads, so every method is synchronized; it is called once per class, never per access.
 */
final class VbdStats {
    /** Names listed per line of the report unless verbose. */
    static final int SHORT_LIST = 20;

    private final int loadedBefore;
    private int classes;
    private long fieldSites;
    private long arraySites;
    private long plainAccessSites;
    private long fences;
    private long unpublishedSites;
    private int jdkLater;
    private final Set<String> relaxedClasses = new LinkedHashSet<>();
    private final Set<String> relaxedMethods = new LinkedHashSet<>();
    private final Set<String> relaxedFields = new LinkedHashSet<>();
    private final List<VbdRun.Failure> failed = new ArrayList<>();
    private final List<VbdRun.Sites> rewritten = new ArrayList<>();

    VbdStats(int loadedBefore) {
        this.loadedBefore = loadedBefore;
    }

    synchronized void add(VbdRewriter.Outcome o) {
        if (o.relaxedClass()) {
            relaxedClasses.add(o.className());
            return;
        }
        if (o.classfile() != null) {
            classes++;
            if (rewritten.size() < VbdRun.MAX_LISTED) {
                rewritten.add(new VbdRun.Sites(o.className(), 1, o.fieldSites(), o.arraySites(), o.plainAccessSites(),
                        o.fences(), o.unpublishedSites()));
            }
        }
        fieldSites += o.fieldSites();
        arraySites += o.arraySites();
        plainAccessSites += o.plainAccessSites();
        fences += o.fences();
        unpublishedSites += o.unpublishedSites();
        relaxedMethods.addAll(o.relaxedMethods());
        relaxedFields.addAll(o.relaxedFields());
    }

    synchronized void jdkClassLoaded() {
        jdkLater++;
    }

    synchronized void failed(String className, Throwable why) {
        failed.add(new VbdRun.Failure(className, why.toString()));
    }

    /** The report, one line per element, without the {@code VBD: } prefix. */
    synchronized List<String> report(boolean verbose) {
        List<String> lines = new ArrayList<>();
        lines.add("Rewrote " + classes + " classes: " + fieldSites + " field sites, " + arraySites
                + " array sites, " + plainAccessSites + " Unsafe/VarHandle sites, " + fences + " fences added, "
                + unpublishedSites + " constructor accesses before publication.");
        lines.add(loadedBefore + " classes loaded before the agent and " + jdkLater + " JDK classes loaded later"
                + " are relaxed library code (plain Java memory model).");
        names(lines, "Relaxed classes", relaxedClasses, verbose);
        names(lines, "Relaxed methods", relaxedMethods, verbose);
        names(lines, "Relaxed fields", relaxedFields, verbose);
        if (!failed.isEmpty()) {
            lines.add("Could not rewrite " + failed.size() + (failed.size() == 1 ? " class" : " classes")
                    + ", left as they were and not sequentially consistent:");
            failed.forEach(f -> lines.add("- " + f.className() + " (" + f.reason() + ")"));
        }
        return lines;
    }

    /** The same, for the JSON and HTML reports. */
    synchronized VbdRun run(String relaxedFile) {
        return new VbdRun(relaxedFile, new VbdRun.Sites(null, classes, fieldSites, arraySites, plainAccessSites, fences,
                unpublishedSites), loadedBefore, jdkLater, List.copyOf(rewritten), List.copyOf(relaxedClasses),
                List.copyOf(relaxedMethods), List.copyOf(relaxedFields), List.copyOf(failed));
    }

    private static void names(List<String> lines, String title, Set<String> names, boolean verbose) {
        if (names.isEmpty()) {
            return;
        }
        List<String> shown = new ArrayList<>(names);
        String more = "";
        if (!verbose && shown.size() > SHORT_LIST) {
            more = " and " + (shown.size() - SHORT_LIST) + " more (-XX:+VBDVerbose lists them all)";
            shown = shown.subList(0, SHORT_LIST);
        }
        lines.add(title + " (" + names.size() + "): " + String.join(", ", shown) + more);
    }
}
