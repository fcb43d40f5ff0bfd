package io.jremix.core.park;

import java.util.ArrayList;
import java.util.List;

/**
 * Contention on one Java monitor ({@code synchronized}) over the run so far, in the park report's terms. The
 * blocked enters went through a {@link ParkRecord} as parks, so every metric of the J9 thesis, 3.7, reads for a
 * monitor as it does for a park blocker, with the same formulas: times parked are contended enters, peak parked
 * is the most threads blocked at once, park thread-time is the thread-time spent blocked, and park real-time,
 * the time with at least one thread blocked, is how long the monitor was held while wanted, so that
 * {@link ParkSnapshot#realTimeUtilPct} plays the part of Health Center's %util; the enters'
 * {@link ParkSnapshot#avgHoldTimeMs()} is estimated from the hand-off gaps ({@link HoldSamples}), since the
 * real-time over enters counts every hold of a releaser that re-entered without blocking. {@code Object.wait} calls on
 * the monitor are kept apart, in {@link #waits()}, with the same shape; {@link WaitKind#of} on its class and
 * stack tells an idle thread's wait from a wait for a condition, while blocked enters are always
 * {@link WaitKind#LOCK}.
 *
 * <p>Only contended enters are seen, and only those that blocked: an enter that got the monitor at once or
 * after spinning leaves no event. So there is no count of all acquisitions (Health Center's Gets and %miss), and
 * the hold time is measured only while some thread waits, as the park report's is.
 *
 * <p>The snapshots' {@code identityHash} is 0: JFR does not give it. The monitor is identified by its class and
 * {@link #monitorAddress()}.
 *
 * @param className    binary name of the monitor object's class
 * @param address      the monitor's address as JFR gives it: on HotSpot the address of the VM's
 *                     {@code ObjectMonitor} for the object, not of the object. The GC does not move it, but a
 *                     monitor idle long enough is deflated and a later contention gets a new one, possibly at
 *                     another address, and a freed address can be reused for another object (of the same class
 *                     or not); the class in the key keeps the latter apart
 * @param enters       the blocked enters, as parks
 * @param waits        the {@code Object.wait} calls, as parks
 * @param clampedNanos blocked or waiting time missing from the sums because its interval was delivered after the
 *                     time it started had been applied (see {@link IntervalFeed})
 */
public record MonitorSnapshot(String className, long address, ParkSnapshot enters, ParkSnapshot waits,
                              long clampedNanos) {

    /** Several monitors of one class as one (see {@link ParkSnapshot#sum}); the address is 0. */
    public static MonitorSnapshot sum(List<MonitorSnapshot> parts) {
        List<ParkSnapshot> enters = new ArrayList<>();
        List<ParkSnapshot> waits = new ArrayList<>();
        long clamped = 0;
        for (MonitorSnapshot m : parts) {
            enters.add(m.enters);
            waits.add(m.waits);
            clamped += m.clampedNanos;
        }
        return new MonitorSnapshot(parts.get(0).className, 0, ParkSnapshot.sum(enters), ParkSnapshot.sum(waits),
                clamped);
    }

    /** The address as the JSON report's {@code monitorAddress}: lower-case hex, no prefix. */
    public String monitorAddress() {
        return Long.toHexString(address);
    }

    /** Why threads waited in {@code Object.wait} on this monitor; meaningful when {@code waits().timesParked() > 0}. */
    public WaitKind waitKind() {
        return WaitKind.of(className, waits.stackTrace());
    }
}
