package io.jremix.agent.park;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.JremixVersion;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.agent.feature.ReportFile;
import io.jremix.agent.jfr.JfrEvents;
import io.jremix.agent.jmx.JmxBeans;
import io.jremix.agent.jmx.ParkContention;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkRecord;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.ThreadLabel;
import io.jremix.probe.park.ParkHooks;
import io.jremix.probe.park.ParkListener;
import io.jremix.report.park.ParkJsonReport;
import io.jremix.report.park.ParkRun;
import io.jremix.report.park.ParkTextReport;

import static io.jremix.options.ParkContentionOptions.FREE_ON_PRINT;
import static io.jremix.options.ParkContentionOptions.INTERVAL;
import static io.jremix.options.ParkContentionOptions.PRINT_THRESHOLD;
import static io.jremix.options.ParkContentionOptions.REPORT;
import static io.jremix.options.ParkContentionOptions.ROWS;
import static io.jremix.options.ParkContentionOptions.THRESHOLD;

/**
 * Park-contention profiling for one JVM. It listens to the park hooks, keeps a record per blocker, and reports at
 * exit and whenever {@code bin/jremix dump} asks. One instance per JVM, reachable from {@link #dump} because the
 * dump's {@code agentmain} runs in the same {@code Agent} class, loaded once by the system class loader.
 */
public final class ParkProfiler implements ParkListener {
    /** Set in a profiled JVM, so that {@code bin/jremix dump} can tell it from others before loading anything. */
    public static final String RUNNING_PROPERTY = "jremix.parkcontention";
    /**
     * Records kept at most. A record costs a few hundred bytes; the text of its first-park frames is shared with
     * the other blockers first parked at the same place, the usual case when there are many.
     */
    static final int MAX_RECORDS = 100_000;
    private static final String LOCK_SUPPORT = LockSupport.class.getName();

    private static volatile ParkProfiler running;
    /** Profilers started in this JVM: a thread's {@link Parker} belongs to the one it was made for. */
    private static final AtomicInteger STARTS = new AtomicInteger();
    /**
     * Each thread's park state, one entry per thread for the JVM's life, made anew for each profiler. A thread-local
     * of the profiler's own would outlive it in every thread that parked (the entry stays in the thread's map until
     * the map happens to expunge it, with the records it points to), once more after every attach.
     */
    private static final ThreadLocal<Parker> PARKERS = new ThreadLocal<>();

    private final ParkOptions options;
    private final AgentLog log;
    /**
     * When counting started: the start of every report's span. Written once before {@link #counting} is set,
     * read after.
     */
    private long startNanos;
    /**
     * Set once every probe is in: parks before are not counted, as the monitor table ignores what came before
     * ({@link MonitorProfiler#countFromNow}), so that nothing counted is older than the span.
     */
    private volatile boolean counting;
    /** {@link #startNanos} on the wall clock, for the person who asked. */
    private Instant countingSince;
    private final BlockerTable blockers;
    private final LongAdder nullBlockerParks = new LongAdder();
    /**
     * The park's site: its frames from the method that called the hooks (the {@code LockSupport} park method, or
     * the JDK method that calls {@code Unsafe.park} directly) to the program's first.
     */
    private final SiteFrames siteFrames = new SiteFrames(ParkHooks.class);
    private final int start = STARTS.incrementAndGet();

    /** Parks on the profiler itself: only its self-test in the starting thread makes them. */
    private int selfTestParks;
    /** Contention on {@code synchronized}, which never goes through {@code LockSupport}; null without JFR. */
    private volatile MonitorProfiler monitors;
    /** What {@link #stop} takes out again, through the Instrumentation that put it in. */
    private Instrumentation inst;
    private ParkTransformer transformer;
    private UnsafeParkTransformer unsafeParks;
    private Thread exitHook;
    /** Reports while the program runs ({@code interval=}); null without. */
    private IntervalReports intervals;
    /** The MBean of the blockers, taken out at {@link #stop}. */
    private JmxBeans.Registration bean;

    private ParkProfiler(ParkOptions options, AgentLog log) {
        this.options = options;
        this.log = log;
        this.blockers = new BlockerTable(options.get(THRESHOLD), MAX_RECORDS);
    }

    /**
     * Installs the hooks in {@code LockSupport} and the report at exit, or says in one line why it cannot and
     * leaves the program alone. The caller has already let java.base read the boot class path's classes.
     */
    public static synchronized void start(Instrumentation inst, ParkOptions options, AgentLog log) {
        ParkProfiler profiler = new ParkProfiler(options, log);
        profiler.warmUp();
        ParkHooks.install(profiler);
        ParkTransformer transformer = new ParkTransformer();
        inst.addTransformer(transformer, true);
        String problem = instrument(inst, transformer);
        if (problem == null && !profiler.hooksReached()) {
            problem = "the instrumented park methods do not reach the hooks";
        }
        if (problem != null) {
            log.info("park profiling is off: could not instrument " + LOCK_SUPPORT + " (" + problem + ")");
            inst.removeTransformer(transformer);
            ParkHooks.install(null);
            if (transformer.methods() > 0) {
                restore(inst);
            }
            return;
        }
        if (!transformer.unpark()) {
            log.info("could not instrument " + LOCK_SUPPORT + ".unpark; hold times are not measured");
        }
        if (transformer.methods() < ParkInstrumenter.PARK_METHODS) {
            log.info("only " + transformer.methods() + " of the " + ParkInstrumenter.PARK_METHODS + " park methods of "
                    + LOCK_SUPPORT + " could be instrumented; parks through the others are not seen");
        }
        profiler.inst = inst;
        profiler.transformer = transformer;
        profiler.unsafeParks = new UnsafeParkTransformer();
        String unseen = profiler.unsafeParks.install(inst, ParkHooks.class.getModule());
        if (unseen != null) {
            log.info("parks through Unsafe.park in these JDK classes are not seen: " + unseen);
        }
        profiler.monitors = MonitorProfiler.start(log, inst);
        profiler.startCounting();
        running = profiler;
        System.setProperty(RUNNING_PROPERTY, "on");
        profiler.exitHook = new Thread(profiler::exit, "jremix-park-report");
        Runtime.getRuntime().addShutdownHook(profiler.exitHook);
        profiler.intervals = IntervalReports.start(options.get(INTERVAL),
                () -> profiler.report("interval", options.get(REPORT)));
        profiler.bean = JmxBeans.register("ParkContention", new ParkContention(profiler::snapshot), log);
    }

    /**
     * {@code bin/jremix attach <pid> stop}: the last report (as a dump's, JSON to {@code file} if not {@code null}),
     * then the hooks go and {@code LockSupport} and the {@code Unsafe.park} callers get their original bytecode
     * back. Returns {@code false} when no profiler runs here.
     */
    public static synchronized boolean stop(Path file) {
        ParkProfiler p = running;
        if (p == null) {
            return false;
        }
        p.stopIntervals();
        p.bean.close();
        p.report("stop", file);
        running = null;
        OutputsInUse.release(p.options.get(REPORT)); // written no more
        ParkHooks.install(null);
        p.inst.removeTransformer(p.transformer);
        restore(p.inst);
        p.unsafeParks.uninstall(p.inst);
        Runtime.getRuntime().removeShutdownHook(p.exitHook);
        if (p.monitors != null) {
            p.monitors.stop(); // the report stopped it already, unless it failed before
        }
        System.clearProperty(RUNNING_PROPERTY);
        return true;
    }

    /** When the running profiler started counting, the start of its reports' span; {@code null} if none runs. */
    public static Instant countingSince() {
        ParkProfiler p = running;
        return p == null ? null : p.countingSince;
    }

    /**
     * {@code bin/jremix dump}: the report now, on stderr and as JSON to {@code file} if not {@code null}. Nothing
     * when no profiler runs here, which the dump command checks before it asks.
     */
    public static void dump(Path file) {
        ParkProfiler p = running;
        if (p != null) {
            p.report("dump", file);
        }
    }

    /** The report at exit; the monitor stream is closed whatever happens, since it runs JFR's own shutdown hook. */
    private void exit() {
        try {
            stopIntervals();
            report("exit", options.get(REPORT));
        } finally {
            MonitorProfiler m = monitors;
            if (m != null) {
                m.close();
            }
        }
    }

    /** No interval report comes after this: the last report (at stop or exit) stays in the file. */
    private void stopIntervals() {
        if (intervals != null) {
            intervals.stop();
        }
    }

    /**
     * Counts parks and monitors from now on: instrumenting the JDK and starting JFR take up to a second (0.4 to 0.6 s
     * at a first attach on a loaded 2-core machine), in which parks were seen and monitors not yet, and a span from
     * before would lower every utilisation.
     */
    private void startCounting() {
        MonitorProfiler m = monitors;
        countingSince = Instant.now(); // first: a moment late here would put the span's end seemingly after the report
        startNanos = m == null ? System.nanoTime() : m.countFromNow();
        counting = true;
    }

    /** Retransforms {@code LockSupport}; the problem in words, or {@code null}. */
    private static String instrument(Instrumentation inst, ParkTransformer transformer) {
        try {
            inst.retransformClasses(LockSupport.class);
        } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
            return e.toString();
        }
        if (transformer.failure() != null) {
            return transformer.failure();
        }
        return transformer.methods() == 0 ? "no park method has the expected shape" : null;
    }

    /** Retransforms {@code LockSupport} with the park transformer removed: back to its original bytecode. */
    private static void restore(Instrumentation inst) {
        try {
            inst.retransformClasses(LockSupport.class);
        } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
            // it stays instrumented; the hooks are uninstalled, so they do nothing
        }
    }

    /**
     * Parks once for a nanosecond on the profiler itself: proves that the rewritten {@code LockSupport} links to
     * the hooks and the hooks to this listener, before the program depends on it.
     */
    private boolean hooksReached() {
        try {
            LockSupport.parkNanos(this, 1);
        } catch (LinkageError e) {
            return false;
        }
        return selfTestParks > 0;
    }

    @Override
    public Object parking(Object blocker) {
        if (blocker == this) {
            selfTestParks++;
            return null;
        }
        if (!counting) {
            return null;
        }
        if (blocker == null) {
            nullBlockerParks.increment();
            return null;
        }
        ParkRecord r = blockers.recordFor(blocker);
        if (r == null) {
            return null;
        }
        Parker p = parker();
        // the site before the record: its events are applied by whichever parker comes first, so keep them short
        p.site = p.siteFor(r, siteFrames);
        p.site.parking();
        p.record = r;
        p.parkedAt = System.nanoTime(); // after the walk, if any: it is not time parked
        r.parking(p.parkedAt, p.site);
        return p;
    }

    @Override
    public void unparked(Object token) {
        Parker p = (Parker) token;
        long now = System.nanoTime();
        p.record.unparked(now);
        p.returned(now);
    }

    @Override
    public void unparking(Thread thread) {
        parker().unparking(thread, System.nanoTime());
    }

    /** This thread's park state for this profiler. */
    private Parker parker() {
        Parker p = PARKERS.get();
        if (p == null || p.profiler != start) {
            p = new Parker(start);
            PARKERS.set(p);
        }
        return p;
    }

    /**
     * One report: a single sweep of the records feeds both the table and the JSON. Synchronized so that a dump and
     * the exit report do not interleave their lines.
     */
    private synchronized void report(String trigger, Path file) {
        try {
            settleMonitors(trigger);
            long total = System.nanoTime() - startNanos;
            BlockerTable.Sweep sweep = blockers.sweep(options.get(FREE_ON_PRINT));
            JfrEvents.parkRecords(trigger, sweep.blockers()); // before the exit report runs JFR's own shutdown hook
            ParkRun run = run(trigger, total, sweep, monitorSnapshot(trigger));
            for (String line : ParkTextReport.lines(run)) {
                log.info(line);
            }
            if (file != null) {
                ReportFile.write(file, ParkJsonReport.document(run, JremixVersion.current()), log);
            }
        } catch (RuntimeException | LinkageError e) {
            log.info("could not complete the park report: " + e);
        }
    }

    private ParkRun run(String trigger, long totalNanos, BlockerTable.Sweep sweep, List<MonitorSnapshot> monitors) {
        ParkRun.Settings settings = new ParkRun.Settings(options.get(THRESHOLD), options.get(PRINT_THRESHOLD),
                options.get(FREE_ON_PRINT), options.get(ROWS).intValue(), options.get(INTERVAL) / 1e9);
        return new ParkRun(trigger, startNanos, totalNanos, settings, sweep.blockers(), nullBlockerParks.sum(),
                blockers.untrackedParks(), MAX_RECORDS, sweep.dropped(), monitors);
    }

    /**
     * The report's rows now, for a JMX read: a sweep that frees nothing and sends no JFR event, without the
     * monitors (bringing their table up to now waits for the JFR stream).
     */
    private synchronized ParkRun snapshot() {
        return run("jmx", System.nanoTime() - startNanos, blockers.sweep(false), List.of());
    }

    /**
     * Brings the monitor table up to now, before the span ends: a report while the program runs waits for the JFR
     * stream (and says so if it did not catch up in time), stop drains and ends it. At exit it is drained later,
     * in {@link #monitorSnapshot}, once jremix's own events are committed.
     */
    private void settleMonitors(String trigger) {
        MonitorProfiler m = monitors;
        if (m == null || trigger.equals("exit")) {
            return;
        }
        if (trigger.equals("stop")) {
            m.stop();
        } else if (!m.catchUp()) {
            log.info("Monitor profiling: JFR did not deliver the monitor events up to this report within "
                    + JfrMonitorEvents.CATCH_UP_MILLIS + " ms; those of about the last seconds may be missing"
                    + " from it.");
        }
    }

    /** The monitors so far; at exit, after the JFR stream has delivered its last events. */
    private List<MonitorSnapshot> monitorSnapshot(String trigger) {
        MonitorProfiler m = monitors;
        if (m == null) {
            return List.of();
        }
        if (trigger.equals("exit")) {
            m.close();
        }
        return m.snapshot();
    }

    /** The thread as the park table names it ({@link ThreadLabel}). */
    @SuppressWarnings("deprecation") // threadId() is JDK 19+
    static String threadName(Thread t) {
        return ThreadLabel.of(t.getName(), t.getId(), t.getClass().getName().equals("java.lang.VirtualThread")); // isVirtual(): 21+
    }

    /**
     * Runs the listener's path once on a private table, so that the program's first park does not load classes,
     * link lambdas or start the stack walker from inside {@code LockSupport}.
     */
    private void warmUp() {
        BlockerTable table = new BlockerTable(0, 1);
        ParkRecord r = table.recordFor(this);
        Parker p = new Parker(0);
        p.site = p.siteFor(r, new SiteFrames(SiteFrames.class)); // no hooks' frame above
        p.site.parking();
        p.record = r;
        r.parking(System.nanoTime(), p.site);
        r.unparked(System.nanoTime());
        p.returned(System.nanoTime());
        p.unparking(Thread.currentThread(), System.nanoTime());
        r.held(0);
        parker();
        ParkSnapshot done = r.snapshot();
        ParkSnapshot.sum(List.of(done, done)); // what retiring a collected blocker's record runs
        table.sweep(true);
    }
}
