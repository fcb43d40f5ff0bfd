package io.jremix.workloads.park;

import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks through {@code sun.misc.Unsafe.park} directly, as some libraries do, bypassing {@code LockSupport}:
 * {@code times} timed parks of 100 µs with no blocker set, then as many with a {@code UnsafeParks$Gate} set as the
 * thread's blocker ({@code LockSupport.setCurrentBlocker}), in a thread named {@code UnsafeParks-0}.
 *
 * <p>Expected finding: {@code times} parks on {@code UnsafeParks$Gate}, and {@code times} parks on jremix's
 * {@code io.jremix.probe.park.UnsafePark} (a direct {@code Unsafe.park} with no blocker), where JFR's
 * {@code jdk.ThreadPark} shows the same parks on {@code UnsafeParks$Gate} and on no class.
 *
 * <p>Usage: {@code UnsafeParks [times=200]}.
 */
public final class UnsafeParks {
    private static final long PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    /** The blocker set for the second half of the parks. */
    static final class Gate {
    }

    private UnsafeParks() {
    }

    public static void main(String[] a) throws Exception {
        long times = new Args(a, "UnsafeParks [times=200]").number(0, 200);
        Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Object unsafe = f.get(null);
        java.lang.reflect.Method park = unsafe.getClass().getMethod("park", boolean.class, long.class);
        Gate gate = new Gate();
        new NamedThreads("UnsafeParks").runAll(1, t -> {
            for (long i = 0; i < times; i++) {
                park.invoke(unsafe, false, PARK_NANOS);
            }
            LockSupport.setCurrentBlocker(gate);
            for (long i = 0; i < times; i++) {
                park.invoke(unsafe, false, PARK_NANOS);
            }
            LockSupport.setCurrentBlocker(null);
        });
        System.out.println("UnsafeParks: " + times + " parks without a blocker, " + times + " on the gate");
    }
}
