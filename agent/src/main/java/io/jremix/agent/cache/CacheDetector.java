package io.jremix.agent.cache;

import java.lang.instrument.Instrumentation;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.JremixVersion;
import io.jremix.agent.feature.ReportFile;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.cache.repair.Repairer;
import io.jremix.agent.jmx.CacheContention;
import io.jremix.agent.jmx.DetectionWindows;
import io.jremix.agent.jmx.JmxBeans;
import io.jremix.core.cache.CacheLineSimulator;
import io.jremix.core.cache.CoherenceMiss;
import io.jremix.core.cache.ContentionTracker;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.ThreadTimes;
import io.jremix.core.cache.TracedThread;
import io.jremix.core.cache.WindowHistory;
import io.jremix.core.jvm.JvmDescription;
import io.jremix.probe.cache.CacheProbe;
import io.jremix.probe.OwnThreads;
import io.jremix.probe.cache.EventBuffer;
import io.jremix.probe.cache.HeapAddresses;
import io.jremix.probe.cache.ProbeGate;
import io.jremix.report.cache.CacheJsonReport;
import io.jremix.report.cache.CacheRun;
import io.jremix.report.cache.CacheTextReport;
import io.jremix.report.cache.RepairReport;
import io.jremix.agent.cache.instrument.CacheInstrumenter;
import io.jremix.agent.cache.instrument.SiteTable;
import io.jremix.agent.cache.instrument.CacheTransformer;
import io.jremix.agent.cache.window.DetectionWindow;
import io.jremix.agent.cache.collect.FieldLayouts;
import io.jremix.agent.cache.collect.TraceCollector;
import io.jremix.agent.cache.collect.ThreadClocks;

import static io.jremix.options.CacheContentionOptions.HIT_VERBOSE;
import static io.jremix.options.CacheContentionOptions.LINE_SIZE;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.REPORT;
import static io.jremix.options.CacheContentionOptions.WINDOW;

/**
 * Cache-contention detection for one JVM: checks that addresses can be read, installs the transformer, opens the
 * first detection window, and prints and writes the report when the JVM exits.
 */
public final class CacheDetector {
    /** Lines tracked by the coherence model before it starts afresh: bounds its memory to about 20 MB. */
    private static final int MAX_LINES = 1 << 17;
    private static final int MAX_HIT_LINES = 10_000;

    private final CacheOptions options;
    private final AgentLog log;
    private final long startNanos;
    private final ContentionTracker tracker;
    private final TraceCollector collector;
    private final FieldLayouts layouts = new FieldLayouts();
    private final CacheTransformer transformer;
    private final DetectionWindow window;
    private final WindowHistory history = new WindowHistory();
    private final String gc;
    private final Repairer repairer;
    private int hitLines;
    /** The MBeans of the findings and windows: an attached detection takes them out when it ends. */
    private List<JmxBeans.Registration> beans = List.of();

    private CacheDetector(Instrumentation inst, CacheOptions options, AgentLog log, long startNanos, String gc,
                          Repairer repairer, Attached attached) {
        this.options = options;
        this.repairer = repairer;
        this.log = log;
        this.startNanos = startNanos;
        this.gc = gc;
        ThreadTimes times = new ThreadTimes(Runtime.getRuntime().availableProcessors());
        int lineSize = options.get(LINE_SIZE).intValue();
        this.tracker = new ContentionTracker(options.thresholds(), options.samplingRatio(), lineSize, times);
        this.collector = new TraceCollector(new CacheLineSimulator(lineSize, MAX_LINES), tracker,
                new ThreadClocks(times), layouts, options.get(HIT_VERBOSE) ? this::printHit : null);
        this.transformer = new CacheTransformer(new CacheInstrumenter(new SiteTable(), HeapAddresses.referenceSize(),
                options.bursts().on()), log);
        this.window = new DetectionWindow(inst, options, transformer, collector, tracker, log, startNanos,
                repairer == null ? findings -> { } : repairer::found, new WindowEvents(inst, attached), history,
                attached != null);
    }

    /** What a detection started in a running program ({@code bin/jremix attach}) tells the attach session. */
    public interface Attached {
        /**
         * A window closed and its report is out.
         *
         * @param last whether no window opens after it (no re-arming, or {@link #end} was called)
         */
        void reported(boolean last);

        /** Every class is back to its original bytecode and the transformer is gone. */
        void settled();
    }

    /**
     * Starts detection for the whole run, reporting at exit; or explains in one line why it cannot run here and
     * leaves the program alone. The caller has already opened java.base to the probes.
     *
     * @param repairer told of findings as they appear and asked for its report at exit; {@code null} for none
     */
    public static void start(Instrumentation inst, CacheOptions options, AgentLog log, Repairer repairer) {
        CacheDetector detector = create(inst, options, log, repairer, null);
        if (detector != null) {
            Thread hook = new Thread(detector::finish, "jremix-cache-report");
            OwnThreads.add(hook);
            Runtime.getRuntime().addShutdownHook(hook);
            detector.begin(inst);
        }
    }

    /**
     * Detection in a running program: one window, or one every {@code REMIXRearm} until {@link #end}; a report
     * when each closes; after the last the classes go back to their original bytecode. Returns {@code null},
     * having said why in one line, if detection cannot run here.
     */
    public static CacheDetector attach(Instrumentation inst, CacheOptions options, AgentLog log, Repairer repairer,
                                       Attached attached) {
        CacheDetector detector = create(inst, options, log, repairer, attached);
        if (detector != null) {
            detector.begin(inst);
        }
        return detector;
    }

    /** Attached: closes the window open now (or the next to open) and opens no other. */
    public void end() {
        window.end();
    }

    private static CacheDetector create(Instrumentation inst, CacheOptions options, AgentLog log, Repairer repairer,
                                        Attached attached) {
        long start = System.nanoTime();
        JvmDescription jvm = JvmDescription.current();
        String gc = jvm.collector();
        if (jvm.movesObjectsConcurrently()) {
            log.info("detection is off: " + gc + " moves objects concurrently, so sampled addresses cannot be compared;"
                    + " use G1, Parallel or Serial GC");
            return null;
        }
        int shift = HeapAddresses.calibrate(inst::getObjectSize);
        if (shift < 0) {
            log.info("detection is off: could not measure the compressed-oop shift of this JVM");
            return null;
        }
        CacheProbe.samplingRatio(options.samplingRatio());
        log.verbose("SamplingRatio is 1:" + options.samplingRatio() + (options.bursts().nanos() == 0 ? "."
                : ", in bursts of " + millis(options.bursts().nanos()) + " ms every "
                        + millis(options.bursts().everyNanos()) + " ms."));
        log.verbose(String.format(Locale.ROOT, "System tests passed: %s, %d-byte lines, %s, no hardware counters needed.",
                HeapAddresses.compressedReferences() ? "compressed oops (shift " + shift + ")" : "uncompressed oops",
                options.get(LINE_SIZE).intValue(), gc));
        return new CacheDetector(inst, options, log, start, gc, repairer, attached);
    }

    private static String millis(long nanos) {
        return new BigDecimal(nanos).movePointLeft(6).stripTrailingZeros().toPlainString();
    }

    private void begin(Instrumentation inst) {
        ProbeGate.link();
        inst.addTransformer(transformer, true);
        window.start();
        beans = List.of(JmxBeans.register("CacheContention", new CacheContention(window::findings, history), log),
                JmxBeans.register("DetectionWindows", new DetectionWindows(window::isOpen, window::windows, history),
                        log));
    }

    /**
     * The report when a window closes, attached or re-arming (a service reads it without exiting), and, attached,
     * the transformer removed once nothing carries probes.
     */
    private final class WindowEvents implements DetectionWindow.Events {
        private final Instrumentation inst;
        private final Attached attached;

        WindowEvents(Instrumentation inst, Attached attached) {
            this.inst = inst;
            this.attached = attached;
        }

        @Override
        public void closed() {
            boolean last = !window.rearming();
            if (attached != null || !last) {
                report(attached != null && last, false);
            }
            if (attached != null) {
                if (last && window.restoring()) {
                    log.info("Some classes keep their probes, switched off, until their running methods return;"
                            + " they are restored then (bin/jremix attach <pid> status).");
                }
                attached.reported(last);
            }
        }

        @Override
        public void settled() {
            if (attached != null) {
                inst.removeTransformer(transformer);
                SiteTable.release();
                beans.forEach(JmxBeans.Registration::close);
                attached.settled();
            }
        }
    }

    private void printHit(CoherenceMiss m) {
        if (hitLines++ >= MAX_HIT_LINES) {
            if (hitLines == MAX_HIT_LINES + 1) {
                log.info("HITM: further lines suppressed after " + MAX_HIT_LINES);
            }
            return;
        }
        String owner = m.ownerWrites().stream().map(d -> d.qualifiedName()).distinct().collect(Collectors.joining(", "));
        log.info(String.format(Locale.ROOT, "HITM %s: %s::%s by %s after %s wrote %s, at %s",
                m.kind().words(), m.access().datum().className(), m.access().datum().hitLabel(),
                collector.threadNames().of(m.access().thread()).label(),
                collector.threadNames().of(m.owner()).label(), owner,
                SiteTable.where(m.access().site())));
    }

    /** At exit: stops tracing, then reports. */
    private void finish() {
        window.stop();
        report(true, true);
    }

    /**
     * Prints the report and writes the JSON file.
     *
     * @param last   whether it is the run's last (at exit, or an attached window's), which adds the findings to the
     *               repair profile
     * @param atExit whether the JVM is exiting, when repair counts the live instances of the classes it padded
     */
    private void report(boolean last, boolean atExit) {
        try {
            CacheRun run = run(last, atExit);
            for (String line : CacheTextReport.lines(run)) {
                log.info(line);
            }
            if (options.get(REPORT) != null) {
                ReportFile.write(options.get(REPORT),
                        CacheJsonReport.document(run, JremixVersion.current(), layouts::describe), log);
            }
        } catch (RuntimeException | LinkageError e) {
            log.info("could not complete the report: " + e);
        }
    }

    private CacheRun run(boolean last, boolean atExit) {
        CacheRun.Settings settings = new CacheRun.Settings((int) Math.round(window.samplingScale()),
                options.get(LINE_SIZE).intValue(),
                options.thresholds().minEventsPerSecond(), options.get(WINDOW) / 1e9, options.get(MAX_WINDOW) / 1e9,
                options.get(REARM) / 1e9, options.thresholds().minCostShare());
        CacheRun.Trace trace = new CacheRun.Trace(window.windows(), window.tracedSeconds(),
                collector.sampledAccesses(), tracker.misses(), tracker.handoffs(), EventBuffer.totalDropped(), collector.unattributed(),
                collector.gcEpochs(), EventBuffer.refusedThreads());
        CacheRun.Instrumented instrumented = new CacheRun.Instrumented(transformer.classes(),
                transformer.jdkClasses(), transformer.probes(), transformer.notDuplicated(), transformer.tooLarge(), transformer.skipped(),
                transformer.skippedNames(), window.restored(), window.runningThroughout());
        CacheRun.Jvm jvm = new CacheRun.Jvm(System.getProperty("java.vm.version"), System.getProperty("java.vm.vendor"),
                gc, HeapAddresses.compressedReferences(), HeapAddresses.shift());
        String mode = options.mode().name().toLowerCase(Locale.ROOT);
        List<Finding> findings = collector.callers().named(tracker.findings(SiteTable::where));
        RepairReport repair = repairer == null ? null : repairer.finish(findings, last, layouts::describe, atExit);
        List<Finding> below = collector.callers().named(tracker.belowThreshold(SiteTable::where));
        Map<Integer, TracedThread> threads = collector.threadNames()
                .of(Stream.concat(findings.stream(), below.stream()).toList());
        return new CacheRun(mode, startNanos, settings, trace, instrumented, jvm, findings, below, repair,
                history.windows(), threads);
    }
}
