package io.jremix.bench.park;

import java.util.concurrent.locks.LockSupport;

import io.jremix.bench.suite.Size;
import io.jremix.bench.suite.SuiteWorkload;

/**
 * A workload whose parks are known: each iteration parks {@link #ON_BLOCKER} times on a {@link Blocker} and
 * {@link #WITHOUT_BLOCKER} times without one, each for 0.1 ms (a timed park parks whether or not anyone unparks).
 */
public final class TimedParks implements SuiteWorkload {
    static final int ON_BLOCKER = 20;
    static final int WITHOUT_BLOCKER = 5;

    /** The blocker class that no other code parks on. */
    static final class Blocker {
    }

    private final Blocker blocker = new Blocker();

    @Override
    public void setUp(Size size) {
        // nothing to prepare
    }

    @Override
    public Object iterate() {
        int parks = 0;
        for (int i = 0; i < ON_BLOCKER; i++, parks++) {
            LockSupport.parkNanos(blocker, 100_000);
        }
        for (int i = 0; i < WITHOUT_BLOCKER; i++, parks++) {
            LockSupport.parkNanos(100_000);
        }
        return parks;
    }

    @Override
    public void check(Object result) {
        SuiteWorkload.expect("parks", ON_BLOCKER + WITHOUT_BLOCKER, result);
    }
}
