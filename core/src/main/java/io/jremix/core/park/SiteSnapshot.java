package io.jremix.core.park;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parks at one call site of a blocker ({@link ParkSite}).
 *
 * @param threadName          the first thread seen parking there
 * @param stackTrace          frames from the park method to the program's first frame, innermost first
 * @param timesParked         parks there
 * @param parkThreadTimeNanos thread-time parked there, summed over the parks that returned
 */
public record SiteSnapshot(String threadName, List<String> stackTrace, long timesParked, long parkThreadTimeNanos) {
    public SiteSnapshot {
        stackTrace = List.copyOf(stackTrace);
    }

    public double parkThreadTimeMs() {
        return parkThreadTimeNanos / 1e6;
    }

    /** Most thread-time first, then most parks: the order sites are listed under their blocker. */
    public static final Comparator<SiteSnapshot> ORDER = Comparator
            .comparingLong(SiteSnapshot::parkThreadTimeNanos).reversed()
            .thenComparing(Comparator.comparingLong(SiteSnapshot::timesParked).reversed());

    /**
     * Sites with the same stack added up (two threads can register one site at once, and aggregated blockers share
     * sites), in {@link #ORDER}; the thread named is the first one's.
     */
    public static List<SiteSnapshot> merged(List<SiteSnapshot> sites) {
        Map<List<String>, SiteSnapshot> byStack = new LinkedHashMap<>();
        for (SiteSnapshot s : sites) {
            byStack.merge(s.stackTrace(), s, (a, b) -> new SiteSnapshot(a.threadName(), a.stackTrace(),
                    a.timesParked() + b.timesParked(), a.parkThreadTimeNanos() + b.parkThreadTimeNanos()));
        }
        List<SiteSnapshot> out = new ArrayList<>(byStack.values());
        out.sort(ORDER);
        return out;
    }
}
