package io.jremix.core.park;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parks at one call site of a blocker ({@link ParkSite}).
 *
 * @param threadName          the first thread seen parking there
 * @param stackTrace          frames from the park method to the program's first frame, innermost first
 * @param where               where the program asked to wait ({@link #whereOf})
 * @param timesParked         parks there
 * @param estimatedParks      of those, the parks put here without walking their stack ({@link ParkSite#estimated})
 * @param parkThreadTimeNanos thread-time parked there, summed over the parks that returned
 */
public record SiteSnapshot(String threadName, List<String> stackTrace, List<String> where, long timesParked,
                           long estimatedParks, long parkThreadTimeNanos) {
    public SiteSnapshot {
        stackTrace = List.copyOf(stackTrace);
        where = List.copyOf(where);
    }

    public SiteSnapshot(String threadName, List<String> stackTrace, long timesParked, long parkThreadTimeNanos) {
        this(threadName, stackTrace, whereOf(stackTrace), timesParked, 0, parkThreadTimeNanos);
    }

    public double parkThreadTimeMs() {
        return parkThreadTimeNanos / 1e6;
    }

    /**
     * The share of {@code sites}' park thread-time, in percent, that {@code site} has: where a blocker's time
     * went, by the program's code path. The sites' own times (every park that returned), so the shares add up to
     * 100; 0 when no park there has returned yet.
     */
    public static double parkTimeSharePct(SiteSnapshot site, List<SiteSnapshot> sites) {
        long total = sites.stream().mapToLong(SiteSnapshot::parkThreadTimeNanos).sum();
        return total == 0 ? 0 : 100.0 * site.parkThreadTimeNanos() / total;
    }

    /** Most thread-time first, then most parks: the order sites are listed under their blocker. */
    public static final Comparator<SiteSnapshot> ORDER = Comparator
            .comparingLong(SiteSnapshot::parkThreadTimeNanos).reversed()
            .thenComparing(Comparator.comparingLong(SiteSnapshot::timesParked).reversed());

    /**
     * Where the program asked to wait: a site's frames from the program's first frame out (at most its last two:
     * the program's frame that ends the site and its caller; library frames before it are the site's context,
     * {@link BlockerNames#via}), or without a program frame the frame that called
     * into the parking machinery ({@link BlockerNames#entryFrame}). Two stacks that differ only inside the JDK
     * (the same {@code take()} parking first on the queue's lock, then on its condition) are one site.
     */
    public static List<String> whereOf(List<String> stackTrace) {
        Optional<String> program = BlockerNames.userFrame(stackTrace);
        if (program.isPresent()) {
            return stackTrace.subList(Math.max(stackTrace.indexOf(program.get()), stackTrace.size() - 2),
                    stackTrace.size());
        }
        return List.of(BlockerNames.entryFrame(stackTrace).orElse("-"));
    }

    /**
     * Sites {@link #where} the program waited at the same place added up (two threads can register one site at
     * once, aggregated blockers share sites, stacks differ inside the JDK), in {@link #ORDER}; the thread and
     * stack named are the first one's.
     */
    public static List<SiteSnapshot> merged(List<SiteSnapshot> sites) {
        if (sites.size() < 2) {
            return List.copyOf(sites); // a blocker parked on once: retiring one per request on a server
        }
        Map<List<String>, SiteSnapshot> byStack = new LinkedHashMap<>();
        for (SiteSnapshot s : sites) {
            byStack.merge(s.where(), s, (a, b) -> new SiteSnapshot(a.threadName(), a.stackTrace(), a.where(),
                    a.timesParked() + b.timesParked(), a.estimatedParks() + b.estimatedParks(),
                    a.parkThreadTimeNanos() + b.parkThreadTimeNanos()));
        }
        List<SiteSnapshot> out = new ArrayList<>(byStack.values());
        out.sort(ORDER);
        return out;
    }
}
