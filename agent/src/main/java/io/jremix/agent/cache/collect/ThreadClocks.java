package io.jremix.agent.cache.collect;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import io.jremix.core.cache.ThreadTimes;

/**
 * Reads the CPU time of the traced threads into {@link ThreadTimes}, at most every {@value #EVERY_MILLIS} ms, for what
 * contention costs the threads that touch a line. A JVM that does not measure threads' CPU time (or does not by
 * default: jremix leaves the setting as the program has it) reads none, and each thread counts as on a core all the
 * time.
 */
public final class ThreadClocks {
    static final long EVERY_MILLIS = 100;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final ThreadTimes times;
    private boolean read;
    private long readAt;

    public ThreadClocks(ThreadTimes times) {
        this.times = times;
    }

    /** Whether the clocks are to be read at {@code nowNanos} ({@link #read}); if so, the next are due a tick later. */
    boolean due(long nowNanos) {
        if ((read && nowNanos - readAt < EVERY_MILLIS * 1_000_000L) || !threads.isThreadCpuTimeSupported()
                || !threads.isThreadCpuTimeEnabled()) {
            return false;
        }
        read = true;
        readAt = nowNanos;
        return true;
    }

    /** Reads the clock of {@code thread}, traced as {@code threadIndex}; one that has ended is left alone. */
    void read(int threadIndex, Thread thread, long nowNanos) {
        if (thread != null && thread.isAlive()) {
            times.read(threadIndex, nowNanos, threads.getThreadCpuTime(thread.getId())); // -1 for a virtual thread
        }
    }
}
