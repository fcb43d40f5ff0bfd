package io.jremix.agent.vbd;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.jremix.report.vbd.VbdRun;

/**
 * What volatile-by-default did to the classes that loaded, for the report at exit. Class loading runs on many
 * threads, so every method is synchronized; it is called once per class, never per access.
 */
final class VbdStats {
    private final int loadedBefore;
    private int classes;
    private long fieldSites;
    private long arraySites;
    private long plainAccessSites;
    private long fences;
    private long unpublishedSites;
    private long effectivelyFinal;
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
                        o.fences(), o.unpublishedSites(), o.effectivelyFinal()));
            }
        }
        fieldSites += o.fieldSites();
        arraySites += o.arraySites();
        plainAccessSites += o.plainAccessSites();
        fences += o.fences();
        unpublishedSites += o.unpublishedSites();
        effectivelyFinal += o.effectivelyFinal();
        relaxedMethods.addAll(o.relaxedMethods());
        relaxedFields.addAll(o.relaxedFields());
    }

    synchronized void jdkClassLoaded() {
        jdkLater++;
    }

    synchronized void failed(String className, Throwable why) {
        failed.add(new VbdRun.Failure(className, why.toString()));
    }

    /** What was done, for the text, JSON and HTML reports. */
    synchronized VbdRun run(String relaxedFile) {
        return new VbdRun(relaxedFile, new VbdRun.Sites(null, classes, fieldSites, arraySites, plainAccessSites, fences,
                unpublishedSites, effectivelyFinal), loadedBefore, jdkLater, List.copyOf(rewritten),
                List.copyOf(relaxedClasses), List.copyOf(relaxedMethods), List.copyOf(relaxedFields), List.copyOf(failed));
    }
}
