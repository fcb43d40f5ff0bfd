package io.jremix.agent.jmx;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

import io.jremix.core.cache.WindowHistory;

/** The windows of one cache-contention detection, read when asked. */
public final class DetectionWindows implements DetectionWindowsMXBean {
    private final BooleanSupplier open;
    private final IntSupplier count;
    private final WindowHistory history;

    public DetectionWindows(BooleanSupplier open, IntSupplier count, WindowHistory history) {
        this.open = open;
        this.count = count;
        this.history = history;
    }

    @Override
    public boolean isOpen() {
        return open.getAsBoolean();
    }

    @Override
    public int getWindowCount() {
        return count.getAsInt();
    }

    @Override
    public DetectionWindowSummary getLastWindow() {
        List<WindowHistory.Window> windows = history.windows();
        return windows.isEmpty() ? null : DetectionWindowSummary.of(windows.get(windows.size() - 1));
    }
}
