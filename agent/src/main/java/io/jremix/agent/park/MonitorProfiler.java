package io.jremix.agent.park;

import java.lang.instrument.Instrumentation;
import java.util.List;

import io.jremix.agent.feature.AgentLog;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.MonitorTable;

/**
 * Profiles contention on Java monitors for the park report: blocked {@code synchronized} enters and
 * {@code Object.wait} calls, per monitor, with the park metrics of the J9 thesis (contended enters, peak blocked,
 * blocked thread-time and real-time, average hold time, utilisation; waits apart). The JVM itself reports them:
 * an in-process JFR stream ({@code jdk.JavaMonitorEnter} and {@code jdk.JavaMonitorWait} at threshold 0, with
 * stack traces) feeds a {@link MonitorTable}. JFR's own cost is the price: starting it takes a few hundred
 * milliseconds, and each blocked enter or wait records a stack trace.
 *
 * <p>Use, from the agent, around the program's run:
 * <pre>{@code
 * MonitorProfiler monitors = MonitorProfiler.start(log, inst); // null if JFR is not available (one line says so)
 * ...
 * monitors.close();                                        // at exit: stops the stream and takes in its last events
 * for (MonitorSnapshot m : monitors.snapshot()) { ... }    // most blocked thread-time first
 * }</pre>
 * {@link #snapshot()} may also be called while the program runs (a live dump); see {@link MonitorTable#snapshot()}.
 * Timestamps in the snapshots are {@link System#nanoTime()} values, like the park profiler's, so the same
 * execution time serves both for the utilisation metrics.
 *
 * <p>At exit, call {@link #close()} before reading the final snapshot. From a shutdown hook it would race JFR's
 * own hook, which stops every recording and deletes its files, so that a short run could lose all its monitor
 * records: given the agent's {@link Instrumentation}, the profiler takes that hook over and {@code close()} runs
 * it after draining ({@code JfrShutdownHook}); without, a lost race is reported in one line. {@code close()}
 * never holds exit up for more than {@value JfrMonitorEvents#DRAIN_MILLIS} ms, and the profiler's threads are
 * daemons: they never keep the JVM from exiting.
 *
 * <p>This class names no {@code jdk.jfr} type, so that it loads in a JVM without the {@code jdk.jfr} module
 * (a jlinked runtime, {@code --limit-modules}): there {@link #start} returns {@code null} instead of failing.
 */
public final class MonitorProfiler {
    /**
     * How far behind the latest event intervals are applied ({@link MonitorTable}): enters or waits longer than
     * this that cross a JFR batch are clamped; the buffered events of this span are what the table holds.
     */
    private static final long LAG_NANOS = 5_000_000_000L;

    private final MonitorTable table;
    private final JfrMonitorEvents events;

    private MonitorProfiler(MonitorTable table, JfrMonitorEvents events) {
        this.table = table;
        this.events = events;
    }

    /**
     * Starts streaming monitor events from this JVM. Events from before the call are not seen.
     *
     * @param inst the agent's instrumentation, to take JFR's shutdown hook over and to choose its repository;
     *             {@code null} leaves the hook racing {@link #close()} at exit, and JFR's repository as it is
     * @return the running profiler, or {@code null} after one line on {@code log} if JFR is missing, disabled,
     *         short of disk room or fails to start; the program is unaffected either way
     */
    public static MonitorProfiler start(AgentLog log, Instrumentation inst) {
        MonitorTable table = new MonitorTable(LAG_NANOS);
        try {
            return new MonitorProfiler(table, JfrMonitorEvents.start(table, log, inst));
        } catch (IllegalStateException e) {
            log.info("Monitor contention is not profiled: " + e.getMessage() + ".");
            return null;
        } catch (LinkageError | RuntimeException e) {
            log.info("Monitor contention is not profiled: JFR is not available (" + e + ").");
            return null;
        }
    }

    /** Every monitor with a blocked enter or a wait so far, most blocked thread-time first. */
    public List<MonitorSnapshot> snapshot() {
        return table.snapshot();
    }

    /**
     * Waits until every monitor event committed before the call is in the table, for at most
     * {@value JfrMonitorEvents#CATCH_UP_MILLIS} ms: a snapshot after it then includes them.
     *
     * @return whether they are all in; {@code false} when the bound was hit
     */
    public boolean catchUp() {
        return events.catchUp();
    }

    /**
     * Counts from now on only: what the stream delivered so far, from before a caller's other probes started, is
     * forgotten ({@link MonitorTable#countFromNow}).
     *
     * @return now, on the {@link System#nanoTime()} clock
     */
    public long countFromNow() {
        return table.countFromNow(System::nanoTime);
    }

    /** Stops the stream after taking in the events already recorded; later calls do nothing. */
    public void close() {
        events.close();
    }

    /** Stops the stream, as {@link #close()}, in a program that goes on running (and may profile again). */
    public void stop() {
        events.stop();
    }
}
