package io.jremix.core.park;

import java.util.List;

/**
 * Who parked where (the J9 thesis, 3.7.1 and 3.7.2): the thread first seen at a call site and the site's frames. A
 * blocker's origin is its first park's; the parks at its other sites are counted on those ({@link ParkSite}).
 *
 * @param threadName name of the thread of the first collected park
 * @param stackTrace that thread's frames, innermost first, already formatted for the report
 * @param where      where in the program it waited ({@link SiteSnapshot#whereOf}), read from the frames once here
 *                   rather than at every snapshot and merge of the sites that share this origin
 */
public record ParkOrigin(String threadName, List<String> stackTrace, List<String> where) {
    public ParkOrigin {
        stackTrace = List.copyOf(stackTrace);
        where = List.copyOf(where);
    }

    public ParkOrigin(String threadName, List<String> stackTrace) {
        this(threadName, stackTrace, SiteSnapshot.whereOf(stackTrace));
    }
}
