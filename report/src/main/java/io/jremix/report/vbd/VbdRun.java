package io.jremix.report.vbd;

import java.util.List;

/**
 * Everything volatile-by-default's report says about one run.
 *
 * @param relaxedFile     the {@code -XX:VBDRelaxed} pattern file, or {@code null}
 * @param totals          what the rewriting added up to
 * @param loadedBefore    classes loaded before the agent: library code, never rewritten
 * @param jdkLater        JDK classes loaded later: library code, not rewritten
 * @param rewritten       the rewritten classes, each with its counts, at most {@link #MAX_LISTED} of them
 * @param relaxedClasses  classes left relaxed whole (named by a pattern, or annotated {@code @Relaxed})
 * @param relaxedMethods  methods left relaxed, {@code Class::method}
 * @param relaxedFields   fields left relaxed, {@code Class::field}
 * @param failed          classes that could not be rewritten, left as they were
 */
public record VbdRun(String relaxedFile, Sites totals, int loadedBefore, int jdkLater, List<Sites> rewritten,
                     List<String> relaxedClasses, List<String> relaxedMethods, List<String> relaxedFields,
                     List<Failure> failed) {
    /** Rewritten classes listed by name in the JSON; the totals count them all. */
    public static final int MAX_LISTED = 1000;

    /**
     * What rewriting did to one class, or, as totals, to all of them.
     *
     * @param className        the class, or {@code null} for totals
     * @param classes          classes rewritten (1 for one class)
     * @param fieldSites       field accesses made volatile
     * @param arraySites       array element accesses made volatile
     * @param plainAccessSites plain Unsafe and VarHandle accesses made volatile
     * @param fences           fences added (static fields, constructors)
     * @param unpublishedSites accesses in constructors before {@code this} could escape, left plain
     * @param effectivelyFinal fields written only before their object could be published, read plainly
     */
    public record Sites(String className, int classes, long fieldSites, long arraySites, long plainAccessSites,
                        long fences, long unpublishedSites, long effectivelyFinal) {
    }

    /** A class left as it was, and why. */
    public record Failure(String className, String reason) {
    }
}
