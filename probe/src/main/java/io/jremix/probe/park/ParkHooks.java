package io.jremix.probe.park;

import java.util.concurrent.locks.LockSupport;

import jdk.internal.misc.Unsafe;

/**
 * Called by the instrumented {@code LockSupport} park methods: {@link #beforePark} (or {@link #beforeParkNanos})
 * right before the thread parks, {@link #afterPark} on every way out of the method. Without a listener they do
 * nothing. {@code LockSupport} is instrumented only while a listener is wanted, so their cost is paid only then.
 *
 * <p>JDK methods that call {@code Unsafe.park} directly get {@link #unsafePark} in place of that call, which
 * parks between the same two hooks.
 *
 * <p>Each thread's park and return are paired here, through a per-thread depth: the return reaches the listener
 * only if the matching park did, with the listener and token of that park. So a thread that entered a park before
 * the hooks were live, a park inside the listener (the profiler's own work must not profile itself or recurse), or
 * a park method that calls another one in some JDK, all count once or not at all, never unbalanced.
 *
 * <p>The hooks run inside the program's parks: they never throw, and they use no lambdas or string
 * concatenation, whose first use would bootstrap invokedynamic from within {@code LockSupport}.
 */
public final class ParkHooks {
    private static volatile ParkListener listener;

    private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>() {
        @Override
        protected Pending initialValue() {
            return new Pending();
        }
    };

    /** One thread's park in progress. */
    private static final class Pending {
        int depth;
        ParkListener listener;
        Object token;
    }

    private ParkHooks() {
    }

    /** Starts (or, with {@code null}, stops) delivering parks; parks already in progress finish with their own. */
    public static void install(ParkListener l) {
        listener = l;
    }

    public static void beforePark(Object blocker) {
        ParkListener l = listener;
        if (l == null) {
            return;
        }
        Pending p;
        try {
            p = PENDING.get();
        } catch (Throwable t) {
            return;
        }
        if (p.depth++ != 0) {
            return; // inside the listener, or a park nested in a park
        }
        p.listener = l;
        p.token = null;
        try {
            p.token = l.parking(blocker);
        } catch (Throwable t) {
            // the program's park goes ahead unobserved
        }
    }

    /** {@code parkNanos} parks only for a positive time; otherwise it returns at once and is no park. */
    public static void beforeParkNanos(Object blocker, long nanos) {
        if (nanos > 0) {
            beforePark(blocker);
        }
    }

    /**
     * A thread is about to unpark {@code thread}. Not while this thread is inside the listener's park handling (its
     * own work is not the program's), and never into the program.
     */
    public static void beforeUnpark(Thread thread) {
        ParkListener l = listener;
        if (l == null) {
            return;
        }
        try {
            if (PENDING.get().depth == 0) {
                l.unparking(thread);
            }
        } catch (Throwable t) {
            // the program's unpark goes ahead unobserved
        }
    }

    /**
     * Stands for {@code unsafe.park(absolute, time)} in the JDK methods that call it directly: the park between
     * the hooks, under the thread's blocker or, without one, {@link UnsafePark}. Every call counts, as in JFR,
     * whose {@code jdk.ThreadPark} is emitted by {@code Unsafe.park} itself. Reached from {@code LockSupport} (a
     * virtual thread pinned to its carrier), the park is nested in the one {@code LockSupport} already counted.
     */
    public static void unsafePark(Unsafe unsafe, boolean absolute, long time) {
        Object blocker = LockSupport.getBlocker(Thread.currentThread());
        beforePark(blocker != null ? blocker : UnsafePark.INSTANCE);
        try {
            unsafe.park(absolute, time);
        } finally {
            afterPark();
        }
    }

    /** The thread returns from the park method, normally or not. */
    public static void afterPark() {
        Pending p;
        try {
            p = PENDING.get();
        } catch (Throwable t) {
            return;
        }
        if (p.depth == 0) {
            return; // this park began before the hooks were live
        }
        if (p.depth > 1) {
            p.depth--;
            return;
        }
        Object token = p.token;
        ParkListener l = p.listener;
        p.token = null;
        p.listener = null;
        try {
            if (token != null) {
                l.unparked(token); // depth stays 1 meanwhile, so parks inside the listener are not observed
            }
        } catch (Throwable t) {
            // never into the program
        } finally {
            p.depth = 0;
        }
    }
}
