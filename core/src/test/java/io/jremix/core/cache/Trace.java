package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a synthetic, time-ordered trace of sampled accesses for the tests: every access is stamped
 * {@code step} nanoseconds after the previous one, in the current epoch.
 */
final class Trace {
    private final List<Access> accesses = new ArrayList<>();
    private long time;
    private long step = 1;
    private int epoch;

    /** The next access is stamped {@code nanos}. */
    Trace at(long nanos) {
        time = nanos;
        return this;
    }

    /** Nanoseconds between consecutive accesses. */
    Trace step(long nanos) {
        step = nanos;
        return this;
    }

    /** Epoch of the following accesses. */
    Trace epoch(int e) {
        epoch = e;
        return this;
    }

    Trace write(int thread, long address, Datum d) {
        return add(thread, address, true, d, -1);
    }

    Trace read(int thread, long address, Datum d) {
        return add(thread, address, false, d, -1);
    }

    Trace add(int thread, long address, boolean write, Datum d, int site) {
        accesses.add(new Access(time, thread, epoch, address, write, Objects.requireNonNull(d), site));
        time += step;
        return this;
    }

    List<Access> accesses() {
        return List.copyOf(accesses);
    }

    /** Replays the trace through {@code sim} and returns the misses in order. */
    List<CoherenceMiss> replay(CacheLineSimulator sim) {
        List<CoherenceMiss> misses = new ArrayList<>();
        for (Access a : accesses) {
            CoherenceMiss m = sim.access(a);
            if (m != null) {
                misses.add(m);
            }
        }
        return misses;
    }

    /** Replays the trace through a fresh simulator of 64-byte lines. */
    List<CoherenceMiss> replay() {
        return replay(new CacheLineSimulator(64, 1024));
    }
}
