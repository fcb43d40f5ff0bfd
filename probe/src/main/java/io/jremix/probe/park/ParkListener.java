package io.jremix.probe.park;

/** Receives the parks that {@link ParkHooks} observed; implemented by the agent. */
public interface ParkListener {
    /**
     * A thread is about to park.
     *
     * @param blocker the park blocker, {@code null} for the park methods without one
     * @return what {@link #unparked} needs when this thread returns from the park, or {@code null} to skip it
     */
    Object parking(Object blocker);

    /** The thread that got {@code token} from {@link #parking} returned from its park. */
    void unparked(Object token);

    /** The current thread is about to unpark {@code thread} ({@code LockSupport.unpark}); may be {@code null}. */
    void unparking(Thread thread);
}
