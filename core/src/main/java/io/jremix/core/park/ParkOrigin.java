package io.jremix.core.park;

import java.util.List;

/**
 * Where a blocker was first seen parking once collection started (seed 002, 3.7.1 and 3.7.2). The same blocker
 * can block threads later at other code paths; its statistics are still aggregated under this origin.
 *
 * @param threadName name of the thread of the first collected park
 * @param stackTrace that thread's frames, innermost first, already formatted for the report
 */
public record ParkOrigin(String threadName, List<String> stackTrace) {
    public ParkOrigin {
        stackTrace = List.copyOf(stackTrace);
    }
}
