package io.jremix.probe.park;

/**
 * The blocker jremix files a park under when JDK code calls {@code Unsafe.park} directly, bypassing
 * {@code LockSupport}, and the thread has no blocker set (JDK 25's {@code DelayScheduler}, a pinned virtual
 * thread's {@code Thread.sleep}): its row's class name says it was such a park, its stack where it came from. JFR
 * shows these parks with no parked class. A direct park whose thread has a blocker (an idle {@code ForkJoinPool}
 * worker on JDK 25 has its pool) is filed under that blocker, as a {@code LockSupport} park would be.
 */
public final class UnsafePark {
    static final UnsafePark INSTANCE = new UnsafePark();

    private UnsafePark() {
    }

    @Override
    public String toString() {
        return "Unsafe.park without a blocker";
    }
}
