package io.jremix.report.cache;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import io.jremix.core.cache.Finding;
import io.jremix.core.cache.ThreadNames;
import io.jremix.core.cache.TracedThread;
import io.jremix.core.cache.WindowHistory;

/**
 * Everything a cache-contention report says about one run.
 *
 * @param mode            {@code detect} or {@code online}
 * @param startNanos      {@link System#nanoTime()} when the agent started; finding times are relative to it
 * @param settings        the options in force
 * @param trace           what was traced
 * @param instrumentation what was instrumented
 * @param jvm             the JVM and its address model
 * @param findings        classes above the thresholds
 * @param belowThreshold  classes with coherence misses that stayed below them
 * @param repair          what repair did, or {@code null} when it was not asked for
 * @param windowHistory   the closed detection windows, oldest first, at most {@link WindowHistory#MAX_WINDOWS}
 * @param threads         the threads the findings name, by their index in the trace
 *                        ({@link ThreadNames#of(java.util.Collection)})
 */
public record CacheRun(String mode, long startNanos, Settings settings, Trace trace, Instrumented instrumentation,
                       Jvm jvm, List<Finding> findings, List<Finding> belowThreshold, RepairReport repair,
                       List<WindowHistory.Window> windowHistory, Map<Integer, TracedThread> threads) {

    /** Thread {@code index} of the trace, as the findings name it. */
    public TracedThread thread(int index) {
        return threads.getOrDefault(index, TracedThread.unknown(index));
    }

    /** Thread indices in the order the trace first saw them: a finding's sets of writers have none. */
    static List<Integer> inOrder(Collection<Integer> threads) {
        return threads.stream().sorted().toList();
    }

    /**
     * Options that shaped the result.
     *
     * @param samplingRatio      accesses each recorded one stood for: the ratio within bursts times open over traced
     *                           time
     * @param thresholdPerSecond estimated misses per second a finding needed, 0 for any
     * @param costShare          share of its threads' running time a finding's misses had to cost, 0 for any
     */
    public record Settings(int samplingRatio, int lineSize, double thresholdPerSecond, double windowSeconds,
                           double maxWindowSeconds, double rearmSeconds, double costShare) {
    }

    /**
     * @param windows         detection windows opened
     * @param tracedSeconds   time spent with probes on
     * @param sampledAccesses accesses recorded
     * @param sampledMisses   coherence misses among them on lines that kept missing (contention)
     * @param handoffMisses   first misses of a line (one-time hand-offs), not counted towards findings
     * @param droppedEvents   events lost to full buffers
     * @param unattributed    events whose class or field could not be named
     * @param gcEpochs        garbage collections seen while tracing (each starts a new address epoch)
     * @param untracedThreads threads beyond the buffer limit, not traced
     */
    public record Trace(int windows, double tracedSeconds, long sampledAccesses, long sampledMisses,
                        long handoffMisses, long droppedEvents, long unattributed, int gcEpochs, long untracedThreads) {
    }

    /**
     * @param classes        classes that received probes
     * @param jdkClasses     of which JDK classes (java.util.concurrent.atomic)
     * @param probes         probes inserted
     * @param notDuplicated  with bursts, probed methods that could not keep a copy of their own code for between
     *                       bursts (too large, JSR/RET) and were probed on every access
     * @param tooLarge       methods left without probes: with them they would have passed HotSpot's HugeMethodLimit
     *                       (8000 bytes) and run interpreted, or the class file's 64 KB
     * @param skipped        classes that could not be instrumented and were left as they were
     * @param skippedClasses their names and reasons
     * @param restored       classes given back their original bytecode when a window closed
     * @param runningThroughout classes left without probes in a window because one of their methods ran until it
     *                       closed (a running method keeps its old code): their own accesses were not traced
     */
    public record Instrumented(int classes, int jdkClasses, long probes, int notDuplicated, int tooLarge, int skipped,
                               List<String> skippedClasses, int restored, List<Running> runningThroughout) {
    }

    /** A class that got no probes because these methods of it were running (on some thread's stack). */
    public record Running(String className, List<String> methods) {
    }

    /** The JVM: version, vendor, collector and how references are compressed. */
    public record Jvm(String version, String vendor, String gc, boolean compressedOops, int oopShift) {
    }
}
