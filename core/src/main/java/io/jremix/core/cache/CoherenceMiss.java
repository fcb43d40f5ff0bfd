package io.jremix.core.cache;

import java.util.List;

/**
 * A sampled access to a cache line that another thread holds modified: what a HITM event reports in hardware.
 *
 * @param kind        true sharing if the access overlaps bytes the owner wrote, false sharing otherwise
 * @param access      the access that missed, refilled with another once its batch is cleared ({@link AccessBatch})
 * @param owner       thread that last wrote the line
 * @param ownerWrites data the owner wrote on this line since it took ownership (the other side of the conflict)
 * @param lineMisses  misses on this line in the current epoch, this one included: 1 for a one-time hand-off of
 *                    data from one thread to another, more when the line keeps moving between threads
 */
public record CoherenceMiss(SharingKind kind, Access access, int owner, List<Datum> ownerWrites, int lineMisses) {

    /** Whether the line had missed before: contention, rather than a one-time hand-off. */
    public boolean repeated() {
        return lineMisses > 1;
    }
}
