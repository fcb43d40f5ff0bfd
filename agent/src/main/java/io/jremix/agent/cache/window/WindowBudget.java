package io.jremix.agent.cache.window;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spaces re-armed windows so that what they cost stays within a share of the time ({@code -XX:REMIXBudget}). Most
 * of a window's cost is the JIT's, and comes after the window: retransforming a class throws away every compiled
 * method that inlined one of its methods, as the window opens and again as it closes, and the compiler threads
 * then compile them again on CPUs the program would have used (h2 spent about 10 s compiling per 2-second window,
 * against 12 s for its whole start-up). So a window is charged with the compilation time from its opening on,
 * beyond the compilation rate the program has on its own (the lowest rate over {@value #BACKGROUND_SPAN_SECONDS} s
 * between the last window's closing and this one's opening, or since this one closed if lower), plus the CPU time
 * of jremix's own threads. The
 * next window opens once that charge is at most the budget's share of the time since this one opened, and never
 * sooner than {@code REMIXRearm} after it closed: a window that cost 10 s waits 500 s at 2%, one that cost nothing
 * waits {@code REMIXRearm}.
 *
 * <p>The first window of a launched program, opened with it or 10 s in, is not charged: the JIT compiles the program
 * anyway. So that the first re-armed window keeps to the budget too, it is charged in advance with an estimate: what
 * the program compiled as it warmed up after the first window closed, beyond its lowest rate since ({@link #expected}).
 * A re-armed window's retransformations send much of that code back to the compiler (h2: 18.5 s a minute in, where its
 * second window, when it opened on time, was charged 9-15 s), so a program that compiled little waits
 * {@code REMIXRearm}, and one that compiled for seconds waits until those seconds are within the budget's share of the
 * time since it started.
 *
 * <p>The slowdown of the program's own threads while probes run is not metered: it lasts as long as the window
 * (2 s every minute or more), where the recompiling after it lasts far longer.
 */
final class WindowBudget {
    static final int BACKGROUND_SPAN_SECONDS = 10;
    private static final long BACKGROUND_SPAN_NANOS = BACKGROUND_SPAN_SECONDS * 1_000_000_000L;
    private static final long SAMPLE_NANOS = 1_000_000_000L;

    /** What this JVM has spent so far, as running totals in nanoseconds. */
    interface Meter {
        /** Time the JIT compilers spent compiling, all compiler threads together. */
        long compilationNanos();

        /** CPU time of jremix's own threads. */
        long jremixCpuNanos();
    }

    /**
     * The JVM's own accounts: {@link CompilationMXBean#getTotalCompilationTime}, and {@link ThreadMXBean}'s CPU time
     * of the threads {@link #watch watched}. What this JVM does not measure counts as nothing.
     */
    static final class JvmMeter implements Meter {
        /** Each watched thread's CPU time when last read. */
        private final Map<Thread, Long> watched = new ConcurrentHashMap<>();
        /** What the watched threads that ended used: a sampler's reader ends with each pause, minutes apart. */
        private long ended;
        private final CompilationMXBean compilation;
        private final ThreadMXBean threads;

        JvmMeter() {
            CompilationMXBean c = null;
            ThreadMXBean t = null;
            try {
                c = ManagementFactory.getCompilationMXBean(); // null without a JIT
                t = ManagementFactory.getThreadMXBean();
            } catch (LinkageError | RuntimeException noManagement) { // a run-time image without java.management
                // nothing measured: every window opens on time
            }
            compilation = c != null && c.isCompilationTimeMonitoringSupported() ? c : null;
            threads = t != null && t.isThreadCpuTimeSupported() ? t : null;
        }

        /** Counts {@code t}'s CPU time from now on as jremix's, and once it has ended, what it used. */
        void watch(Thread t) {
            watched.put(t, 0L);
        }

        @Override
        public long compilationNanos() {
            return compilation == null ? 0 : compilation.getTotalCompilationTime() * 1_000_000;
        }

        @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
        @Override
        public synchronized long jremixCpuNanos() {
            boolean enabled = threads != null && threads.isThreadCpuTimeEnabled();
            long sum = ended;
            for (var i = watched.entrySet().iterator(); i.hasNext(); ) {
                var e = i.next();
                // -1 once it ended: a total that fell would make a window's charge negative
                long used = Math.max(e.getValue(), enabled ? threads.getThreadCpuTime(e.getKey().getId()) : 0);
                if (e.getKey().getState() == Thread.State.TERMINATED) {
                    ended += used;
                    i.remove();
                } else {
                    e.setValue(used);
                }
                sum += used;
            }
            return sum;
        }
    }

    private final double share;
    private final Meter meter;
    /** Compilation totals since the last window closed, about a second apart: {time, compilation}. */
    private final ArrayDeque<long[]> recent = new ArrayDeque<>();
    /** The lowest compilation rate over a whole span since the last window closed, NaN before one has passed. */
    private double lowestRate = Double.NaN;
    /** Whether the window opened last is metered: all but one that opened with the program. */
    private boolean charging;
    private long openedAt;
    private long compilationAtOpen;
    private long cpuAtOpen;
    /** When the last window closed, and the compilation total then. */
    private long closedAt;
    private long compilationAtClose;
    /** Compilation per nanosecond the program had on its own: not charged to the open window. */
    private double background;

    /**
     * @param percent the share of the time windows may cost, in percent; 0 lets every window open on time (their
     *                cost is still metered, for the report)
     * @param meter   where the costs are read
     */
    WindowBudget(double percent, Meter meter) {
        this.share = percent / 100;
        this.meter = meter;
    }

    /**
     * A window opened at {@code now}: its charge starts from here.
     *
     * @param charged whether it is charged at all: a window opening with the program, while the JIT compiles the
     *                program anyway, has no compilation of its own to tell apart
     */
    void opened(long now, boolean charged) {
        charging = charged;
        openedAt = now;
        compilationAtOpen = meter.compilationNanos();
        cpuAtOpen = meter.jremixCpuNanos();
        // without a whole span since the last window closed, all compilation is charged: the rate after a window is
        // its own recompiling
        background = Double.isNaN(lowestRate) ? 0 : lowestRate;
        recent.clear();
        lowestRate = Double.NaN;
    }

    /** A window closed at {@code now}: the background rate for the next one is measured from here. */
    void closed(long now) {
        recent.clear();
        lowestRate = Double.NaN;
        closedAt = now;
        compilationAtClose = meter.compilationNanos();
        recent.addLast(new long[] {now, compilationAtClose});
    }

    /** Called while no window is open, often: about once a second, notes the compilation total. */
    void sample(long now) {
        if (!recent.isEmpty() && now - recent.peekLast()[0] < SAMPLE_NANOS) {
            return;
        }
        recent.addLast(new long[] {now, meter.compilationNanos()});
        while (recent.size() > 2 && now - secondOldest()[0] >= BACKGROUND_SPAN_NANOS) {
            recent.removeFirst();
        }
        long[] oldest = recent.peekFirst();
        if (now - oldest[0] >= BACKGROUND_SPAN_NANOS) {
            double rate = (double) (recent.peekLast()[1] - oldest[1]) / (now - oldest[0]);
            lowestRate = Double.isNaN(lowestRate) ? rate : Math.min(lowestRate, rate);
        }
    }

    private long[] secondOldest() {
        var i = recent.iterator();
        i.next();
        return i.next();
    }

    /** Whether the window opened last is charged (and its cost known). */
    boolean charging() {
        return charging;
    }

    /** What the last window opened has cost by {@code now}, in nanoseconds; 0 if it is not charged. */
    long charged(long now) {
        if (!charging) {
            return 0;
        }
        // a quieter span since the window closed shows that the background was lower than it seemed when it opened
        // (a program still warming up then, say)
        double rate = Double.isNaN(lowestRate) ? background : Math.min(background, lowestRate);
        long compilation = meter.compilationNanos() - compilationAtOpen - Math.round(rate * (now - openedAt));
        return Math.max(0, compilation) + meter.jremixCpuNanos() - cpuAtOpen;
    }

    /**
     * What the next window is expected to cost, estimated at {@code now} while the last window was not charged: the
     * compilation since it closed beyond the lowest rate over a span since (all of it before a span has passed).
     */
    long expected(long now) {
        double rate = Double.isNaN(lowestRate) ? 0 : lowestRate;
        return Math.max(0, meter.compilationNanos() - compilationAtClose - Math.round(rate * (now - closedAt)));
    }

    /** What holds the next window back at {@code now}: the last window's charge, or the next one's estimate. */
    long owed(long now) {
        return charging ? charged(now) : expected(now);
    }

    /** Whether the next window may open {@code leadNanos} after {@code now}, if its cost does not grow meanwhile. */
    boolean allowsWithin(long now, long leadNanos) {
        return share == 0 || owed(now) <= share * (now + leadNanos - openedAt);
    }

    /** Whether the next window may open at {@code now} as far as the budget goes. */
    boolean allows(long now) {
        return allowsWithin(now, 0);
    }

    /** When the window being charged opened ({@link System#nanoTime}). */
    long openedAt() {
        return openedAt;
    }
}
