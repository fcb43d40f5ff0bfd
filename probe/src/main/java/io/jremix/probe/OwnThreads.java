package io.jremix.probe;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * jremix's own threads in the program (a window's, a report's, a reader of JFR or JMX): no feature observes what
 * they do, whichever feature started them. Held weakly: a thread that has ended still holds what it ran (JDK 21 and
 * later keep a platform thread's task), and an attached feature would stay reachable after it stopped.
 */
public final class OwnThreads {
    private static volatile List<WeakReference<Thread>> threads = List.of();

    private OwnThreads() {
    }

    /** {@code t} is jremix's; the ones that have ended are forgotten (a window's burst thread each time it opens). */
    public static synchronized void add(Thread t) {
        List<WeakReference<Thread>> l = new ArrayList<>();
        for (WeakReference<Thread> r : threads) {
            Thread old = r.get();
            if (old != null && old.getState() != Thread.State.TERMINATED) {
                l.add(r);
            }
        }
        l.add(new WeakReference<>(t));
        threads = List.copyOf(l);
    }

    public static boolean contains(Thread t) {
        for (WeakReference<Thread> r : threads) {
            if (r.get() == t) {
                return true;
            }
        }
        return false;
    }
}
