package io.jremix.probe.park;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import jdk.internal.misc.Unsafe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hooks called directly, as the instrumented LockSupport calls them. */
class ParkHooksTest {
    private static final long ONE_MICROSECOND = 1_000;
    private final List<String> events = new ArrayList<>();

    /** Records what it is told; parking on "nested" parks again from inside the listener. */
    private final ParkListener recorder = new ParkListener() {
        @Override
        public Object parking(Object blocker) {
            events.add("park " + blocker);
            if ("nested".equals(blocker)) {
                ParkHooks.beforePark("inner");
                ParkHooks.afterPark();
            }
            if ("fails".equals(blocker)) {
                throw new IllegalStateException("listener bug");
            }
            return blocker == null ? null : "token-" + blocker;
        }

        @Override
        public void unparked(Object token) {
            events.add("unpark " + token);
            ParkHooks.beforePark("from-unparked");
            ParkHooks.afterPark();
            ParkHooks.beforeUnpark(Thread.currentThread());
        }

        @Override
        public void unparking(Thread thread) {
            if (thread == null) {
                throw new IllegalStateException("listener bug");
            }
            events.add("wakes " + thread.getName());
        }
    };

    @AfterEach
    void uninstall() {
        ParkHooks.install(null);
    }

    @Test
    void withoutListener_nothingHappens() {
        ParkHooks.beforePark("a");
        ParkHooks.afterPark();
        ParkHooks.install(recorder);
        ParkHooks.afterPark();
        assertEquals(List.of(), events);
    }

    @Test
    void unparks_reachTheListenerOutsideItsOwnWorkAndNeverThrow() {
        ParkHooks.beforeUnpark(Thread.currentThread());
        ParkHooks.install(recorder);
        Thread other = new Thread(() -> { }, "other");
        ParkHooks.beforeUnpark(other);
        ParkHooks.beforePark("a");
        ParkHooks.afterPark();          // the listener's unparked() unparks: not observed
        ParkHooks.beforeUnpark(null);   // the listener throws
        assertEquals(List.of("wakes other", "park a", "unpark token-a"), events);
    }

    @Test
    void parkAndReturn_arePaired() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("a");
        ParkHooks.afterPark();
        ParkHooks.beforePark("b");
        ParkHooks.afterPark();
        assertEquals(List.of("park a", "unpark token-a", "park b", "unpark token-b"), events);
    }

    @Test
    void parksInsideTheListener_areNotObserved() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("nested");
        ParkHooks.afterPark();
        assertEquals(List.of("park nested", "unpark token-nested"), events);
    }

    @Test
    void nestedParkMethods_countOnce() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("outer");
        ParkHooks.beforePark("delegate");
        ParkHooks.afterPark();
        ParkHooks.afterPark();
        assertEquals(List.of("park outer", "unpark token-outer"), events);
    }

    @Test
    void returnWithoutObservedPark_isIgnored() {
        ParkHooks.beforePark("before-install");
        ParkHooks.install(recorder);
        ParkHooks.afterPark();
        ParkHooks.beforePark("a");
        ParkHooks.afterPark();
        assertEquals(List.of("park a", "unpark token-a"), events);
    }

    @Test
    void nullToken_skipsTheReturn() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark(null);
        ParkHooks.afterPark();
        assertEquals(List.of("park null"), events);
    }

    @Test
    void failingListener_neverThrowsAndStaysBalanced() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("fails");
        ParkHooks.afterPark();
        ParkHooks.beforePark("a");
        ParkHooks.afterPark();
        assertEquals(List.of("park fails", "park a", "unpark token-a"), events);
    }

    @Test
    void uninstalledDuringPark_returnStillReachesItsListener() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("a");
        ParkHooks.install(null);
        ParkHooks.afterPark();
        assertEquals(List.of("park a", "unpark token-a"), events);
    }

    @Test
    void parkNanos_onlyForPositiveTimes() {
        ParkHooks.install(recorder);
        ParkHooks.beforeParkNanos("zero", 0);
        ParkHooks.afterPark();
        ParkHooks.beforeParkNanos("positive", 1);
        ParkHooks.afterPark();
        assertEquals(List.of("park positive", "unpark token-positive"), events);
    }

    /** {@code unsafePark} stands for the JDK's direct {@code Unsafe.park} calls and parks for real (1 µs here). */
    @Test
    void unsafePark_withoutABlocker_isOnUnsafePark() {
        ParkHooks.install(recorder);
        ParkHooks.unsafePark(Unsafe.getUnsafe(), false, ONE_MICROSECOND);
        assertEquals(List.of("park Unsafe.park without a blocker", "unpark token-Unsafe.park without a blocker"),
                events);
    }

    @Test
    void unsafePark_withTheThreadsBlocker_isOnIt() {
        ParkHooks.install(recorder);
        LockSupport.setCurrentBlocker("pool");
        try {
            ParkHooks.unsafePark(Unsafe.getUnsafe(), false, ONE_MICROSECOND);
        } finally {
            LockSupport.setCurrentBlocker(null);
        }
        assertEquals(List.of("park pool", "unpark token-pool"), events);
    }

    /** A direct park inside a LockSupport park (a pinned virtual thread's) is the one park LockSupport counted. */
    @Test
    void unsafePark_insideALockSupportPark_countsOnce() {
        ParkHooks.install(recorder);
        ParkHooks.beforePark("lock");
        ParkHooks.unsafePark(Unsafe.getUnsafe(), false, ONE_MICROSECOND);
        ParkHooks.afterPark();
        assertEquals(List.of("park lock", "unpark token-lock"), events);
    }

    /** Every call is a park, as JFR counts {@code Unsafe.park} calls: an untimed one with the permit available too. */
    @Test
    void unsafePark_everyCallCounts() {
        ParkHooks.install(recorder);
        LockSupport.unpark(Thread.currentThread());
        ParkHooks.unsafePark(Unsafe.getUnsafe(), false, 0);
        ParkHooks.unsafePark(Unsafe.getUnsafe(), true, 0);
        assertEquals(4, events.size(), events.toString());
    }
}
