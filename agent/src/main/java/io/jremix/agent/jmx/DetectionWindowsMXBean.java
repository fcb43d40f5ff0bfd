package io.jremix.agent.jmx;

/** {@code io.jremix:type=DetectionWindows}: the detection windows of REMIX so far. */
public interface DetectionWindowsMXBean {
    /** Whether a window is open now: probes are in, and traced accesses are sampled. */
    boolean isOpen();

    /** Windows opened so far, the one open now included. */
    int getWindowCount();

    /** The last window to close; {@code null} before the first closes. */
    DetectionWindowSummary getLastWindow();
}
