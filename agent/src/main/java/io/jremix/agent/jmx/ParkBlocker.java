package io.jremix.agent.jmx;

import java.util.List;

import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;
import io.jremix.report.park.ParkRun;

/**
 * One row of the park report as JMX shows it: a blocker, or several small ones of one class and site.
 *
 * @param synchronizer          what the program waited on: {@code ReentrantLock}, {@code Semaphore}, ...
 * @param blockerClass          binary name of the park blocker's class
 * @param waitKind              {@code lock}, {@code pool}, {@code condition}, ... as in the JSON report
 * @param contention            whether threads waited for each other, rather than for work or a signal
 * @param blockers              how many blockers the row stands for
 * @param parks                 parks on them
 * @param parkThreadTimeMillis  thread-time parked on them
 * @param threadTimeUtilPercent that thread-time over the span, as a percentage (above 100 when several threads wait)
 * @param site                  the program's frame where the most parked thread-time waited; empty when every frame
 *                              is the JDK's
 * @param sites                 the program's frame of each call site, most thread-time first, at most five (sites
 *                              where every frame is the JDK's left out)
 */
public record ParkBlocker(String synchronizer, String blockerClass, String waitKind, boolean contention, int blockers,
                          long parks, double parkThreadTimeMillis, double threadTimeUtilPercent, String site,
                          List<String> sites) {
    /** Made at the first read: the program's JVM may have no {@code java.management}, and it is never read there. */
    static final OpenRows<ParkBlocker> ROWS = new OpenRows<>(ParkBlocker.class, "a park-contention row",
            "blockerClass", "waitKind", "site");
    private static final int MAX_SITES = 5;

    static ParkBlocker of(ParkRun.Blocker b, long totalExecutionNanos) {
        ParkSnapshot s = b.stats();
        List<List<String>> stacks = s.sites().isEmpty() ? List.of(s.stackTrace())
                : s.sites().stream().limit(MAX_SITES).map(SiteSnapshot::stackTrace).toList();
        List<String> sites = stacks.stream().flatMap(stack -> BlockerNames.userFrame(stack).stream()).toList();
        return new ParkBlocker(BlockerNames.synchronizer(s.className(), s.stackTrace()), s.className(), b.kind().id(),
                b.kind().contention(), b.blockers(), s.timesParked(), s.parkThreadTimeMs(),
                s.threadTimeUtilPct(totalExecutionNanos), sites.isEmpty() ? "" : sites.get(0), sites);
    }
}
