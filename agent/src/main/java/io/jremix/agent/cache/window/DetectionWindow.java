package io.jremix.agent.cache.window;

import java.lang.instrument.Instrumentation;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.jfr.JfrEvents;
import io.jremix.core.Counted;
import io.jremix.core.cache.ContentionTracker;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import io.jremix.core.cache.WindowHistory;
import io.jremix.probe.OwnThreads;
import io.jremix.probe.cache.EventBuffer;
import io.jremix.probe.cache.ProbeGate;
import io.jremix.report.cache.CacheRun;
import io.jremix.report.cache.CacheTextReport;
import io.jremix.agent.cache.instrument.CodeSize;
import io.jremix.agent.cache.instrument.SiteTable;
import io.jremix.agent.cache.instrument.CacheTransformer;
import io.jremix.agent.cache.collect.TraceCollector;

import static io.jremix.options.CacheContentionOptions.BACK_OFF;
import static io.jremix.options.CacheContentionOptions.BUDGET;
import static io.jremix.options.CacheContentionOptions.CLASS_WINDOW;
import static io.jremix.options.CacheContentionOptions.HOT_CLASSES;
import static io.jremix.options.CacheContentionOptions.MAX_WINDOW;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.SHED_AFTER;
import static io.jremix.options.CacheContentionOptions.WINDOW;

/**
 * Keeps probes in place only while they are needed. A window opens at start (and again every
 * {@code REMIXRearm} if asked); it closes a few seconds after contention is first found, or a bounded time after
 * two threads first ran traced code when none is (one thread alone stays traced, cheaply: it shares nothing, unless
 * windows re-arm).
 * Closing shuts the probe gate at once (compiled code then folds the probes away), takes back the threads' trace
 * buffers, and retransforms the instrumented classes back to their original bytecode.
 *
 * <p>A class is only retransformed while none of its methods is running: HotSpot never compiles an obsolete
 * method again, so a long loop caught mid-flight by retransformation would stay interpreted until it returns.
 * Such classes wait, with the gate closed, and are retried every {@value #RETRY_MILLIS} ms while a window is open,
 * and after it closes at intervals that double while no class comes free, up to {@value #MAX_RETRY_MILLIS} ms (a
 * service's accept loop never returns, and each try stops every thread for a stack dump); one whose method runs
 * for a whole window (a loop that never returns) gets no probes in it, and the report names it with that method.
 * A daemon thread ticks every {@value #OPEN_TICK_MILLIS} ms while the window is open, to drain the probe buffers
 * and move the window along, and every {@value #CLOSED_TICK_MILLIS} ms while it is closed. Without re-arming, it
 * ends once the window has closed and every class is back to its original bytecode.
 *
 * <p>A window probes only the classes that JFR's execution samples found running in the 10 s before it was due
 * ({@link HotClasses}), or every class if there were too few samples or they found none; it leaves out those that
 * {@link QuietClasses} backs off. Without re-arming, or without JFR, the first window opens at once and probes every
 * class that can carry probes. With re-arming the first waits for its samples like the others: probing every class
 * a service had loaded, and compiling them all again after, cost tomcat +8.8% over its first 3 minutes.
 */
public final class DetectionWindow implements Runnable {
    static final long OPEN_TICK_MILLIS = 20;
    static final long CLOSED_TICK_MILLIS = 200;
    static final long RETRY_MILLIS = 1000;
    static final long MAX_RETRY_MILLIS = 8000;
    /** How long before a window is due JFR samples the running classes for it ({@link ExecutionSamples}). */
    static final long SAMPLING_LEAD_NANOS = 10_000_000_000L;
    private static final int RETRANSFORM_BATCH = 64;
    /** Why {@link QuietClasses} leaves a class out, in the verbose lines of windows that leave classes out. */
    private static final String QUIET = "probed without contention in their last windows";

    private final Instrumentation inst;
    private final CacheOptions options;
    private final CacheTransformer transformer;
    private final TraceCollector collector;
    private final ContentionTracker tracker;
    private final AgentLog log;
    private final long startNanos;
    private final Consumer<List<Finding>> onFindings;
    private final Events events;
    private final WindowHistory history;
    private final Thread thread;
    private final TraceBursts bursts;
    private final HotClasses hot;
    private final QuietClasses quiet;
    private final ShedClasses shed;
    private final WindowBudget.JvmMeter meter = new WindowBudget.JvmMeter();
    private final WindowBudget budget;
    /** Whether the first window is charged to the budget: opened in a running program, not with it. */
    private final boolean attached;
    /** When the next window was first due but the budget held it back, 0 if it was not. */
    private long heldSince;
    /** The open window's selection from the thread samples; {@code null} without a sampler (every class). */
    private HotClasses.Selection selection;
    /** Those of them the window probes: the selection without the classes {@link #quiet} leaves out. */
    private Set<String> probed = Set.of();
    /** Feeds {@link #hot} while windows re-arm; {@code null} without re-arming, or without JFR. */
    private ExecutionSamples samples;
    /** Classes retransformed since the window last opened or closed: not tried again in this phase. */
    private final Set<Class<?>> settled = Collections.newSetFromMap(new WeakHashMap<>());
    /** While open: classes still waiting for probes, by name, with their methods seen running at the last try. */
    private final Map<String, Set<String>> waitingForProbes = new TreeMap<>();
    /** Classes that waited for probes until a window closed, with the methods that kept them waiting. */
    private final Map<String, Set<String>> runningThroughout = new TreeMap<>();
    private volatile boolean stopping;
    /** No window opens after the one open now, which closes at once: {@code bin/jremix attach <pid> stop}. */
    private volatile boolean ending;
    /** Whether the owner was told of a close after which no window opens. */
    private boolean lastReported;
    private boolean open;
    private boolean waiting;
    /** Some thread was inside a probe when the window closed, so its trace buffer is taken back at a later tick. */
    private boolean buffersHeld;
    private long openedAt;
    /** When the last window closed, or a period passed without one opening: the next is due REMIXRearm later. */
    private long closedAt;
    /** When the first window is due, if it waits for JFR's samples. */
    private long firstDueAt;
    private long foundAt;
    /** Whether two threads have run traced code since the window opened, and when that was first seen. */
    private boolean concurrent;
    private long concurrentAt;
    private long syncedAt;
    private long retryNanos = RETRY_MILLIS * 1_000_000;
    private long tracedNanos;
    private int windows;
    /** Windows opened, and re-armed ones that did not open as every class selected sat out: {@link #quiet}'s clock. */
    private int periods;
    private int restored;
    /** Findings made so far, and the open window's JFR event ({@code null} when closed or without JFR). */
    private int found;
    private Object windowEvent;

    /** What the window thread tells its owner, on that thread. */
    public interface Events {
        /** A window closed: its probes are off and the classes free to be restored are. */
        void closed();

        /** Without re-arming, every class is back to its original bytecode: the thread ends after this. */
        void settled();
    }

    /**
     * @param onFindings told of the findings of each tick that made new ones (the repairer pads their classes if
     *                   they have not loaded yet)
     * @param attached   whether detection started in a running program ({@code bin/jremix attach})
     */
    public DetectionWindow(Instrumentation inst, CacheOptions options, CacheTransformer transformer,
                           TraceCollector collector, ContentionTracker tracker, AgentLog log, long startNanos,
                           Consumer<List<Finding>> onFindings, Events events, WindowHistory history, boolean attached) {
        this.inst = inst;
        this.options = options;
        this.transformer = transformer;
        this.collector = collector;
        this.tracker = tracker;
        this.log = log;
        this.startNanos = startNanos;
        this.onFindings = onFindings;
        this.events = events;
        this.history = history;
        this.bursts = new TraceBursts(options.bursts(), log);
        this.hot = new HotClasses(options.get(HOT_CLASSES).intValue());
        this.quiet = new QuietClasses(options.get(BACK_OFF).intValue());
        this.shed = new ShedClasses(options.get(SHED_AFTER), options.get(CLASS_WINDOW),
                options.thresholds().ratePerSecond());
        this.budget = new WindowBudget(options.get(BUDGET), meter);
        this.attached = attached;
        this.thread = new Thread(this, "jremix-cache-detector");
        meter.watch(thread);
        thread.setDaemon(true);
        OwnThreads.add(thread);
    }

    /** Opens the first window, or with re-arming has JFR sample the running classes for it first. */
    public void start() {
        synchronized (this) {
            long now = System.nanoTime();
            if (rearming() && options.get(HOT_CLASSES) > 0) {
                samples = ExecutionSamples.create(hot, log, inst, meter::watch);
            }
            if (samples == null) {
                open(now, null, Set.of());
            } else {
                firstDueAt = now + Math.min(SAMPLING_LEAD_NANOS, options.get(REARM));
                log.verbose(String.format(Locale.ROOT, "Detection window 1 opens in %.1f s, probing the classes JFR"
                        + " sees running most (-XX:REMIXHotClasses).", (firstDueAt - now) / 1e9));
            }
        }
        thread.start();
    }

    @Override
    public void run() {
        try {
            while (!stopping && !done()) {
                Thread.sleep(tickMillis());
                synchronized (this) {
                    if (!stopping) {
                        tick(System.nanoTime());
                    }
                }
            }
            stopSampling();
            if (!stopping) {
                events.settled();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | LinkageError e) {
            log.info("detection stopped after an internal error: " + e);
            synchronized (this) {
                if (open) {
                    close(System.nanoTime());
                    reportClosed();
                }
            }
        }
    }

    /** Closed for good: no re-arming, the last close told, and nothing left to restore. */
    private synchronized boolean done() {
        return !open && !rearming() && lastReported && !waiting && !buffersHeld;
    }

    /** Whether another window will open after the last closed. */
    public boolean rearming() {
        return options.get(REARM) > 0 && !ending;
    }

    /** Closes the window open now at the next tick, and opens no other: then the classes are restored. */
    public void end() {
        ending = true;
    }

    /** Whether classes closed by the last window still wait to be restored (their methods were running). */
    public synchronized boolean restoring() {
        return !open && waiting;
    }

    private synchronized long tickMillis() {
        return open ? OPEN_TICK_MILLIS : CLOSED_TICK_MILLIS;
    }

    private void tick(long now) {
        if (open) {
            int crossed = collect(now);
            if (!concurrent && collector.severalThreadsInWindow()) {
                concurrent = true;
                concurrentAt = now;
                log.verbose(String.format(Locale.ROOT, "Two threads ran traced code %.1f s into window %d.",
                        (now - openedAt) / 1e9, windows));
            }
            if (crossed > 0) {
                announce(now);
            }
            shedQuietClasses(now);
            if (ending || ((concurrent || foundAt != 0 || rearming()) && now - closesAt() >= 0)) {
                close(now);
                reportClosed();
            }
        } else if (ending && !lastReported) {
            reportClosed(); // ended between two windows: the last window's report again, as the last
        } else if (rearming()) {
            budget.sample(now);
            boolean first = windows == 0; // not metered: it has no earlier window to be charged for
            long dueAt = first ? firstDueAt : closedAt + options.get(REARM);
            if (samples != null) {
                samples.sample(now - dueAt >= -SAMPLING_LEAD_NANOS
                        && (first || budget.allowsWithin(now, SAMPLING_LEAD_NANOS)));
            }
            if (now - dueAt >= 0) {
                if (first) {
                    openUnlessAllQuiet(now);
                } else {
                    openWithinBudget(now);
                }
            }
        }
        if (waiting && now - syncedAt >= retryNanos) {
            sync(now);
        }
        if (!open && buffersHeld) {
            buffersHeld = !EventBuffer.releaseAll();
        }
    }

    /**
     * When the open window closes: REMIXWindow after contention was found, else REMIXMaxWindow after two threads
     * first ran traced code. Without re-arming, a window of one thread stays open: no line can be shared yet, and a
     * program slow to start its threads (a busy machine, a long set-up) would otherwise be traced for nothing. With
     * re-arming it closes REMIXMaxWindow after it opened: the classes it selected may all be held by loops that never
     * return, and it would keep every later window from opening. (A latent prediction may rest on writes of an
     * earlier window, with one thread in this one.)
     */
    private long closesAt() {
        if (foundAt != 0) {
            return foundAt + options.get(WINDOW);
        }
        return (concurrent ? concurrentAt : openedAt) + options.get(MAX_WINDOW);
    }

    private void shedQuietClasses(long now) {
        if (!concurrent || !shed.due(now, closesAt())) {
            return;
        }
        double scale = samplingScale();
        long quiet = shed.quietNanos(scale);
        // contention below the threshold for as long as a window without findings stays open: that window would not
        // have reported it either
        ShedClasses.Judgement shedNow = shed.judge(now, scale, collector.windowSites(),
                tracker.unsettledClasses(now, quiet, Math.max(quiet, options.get(MAX_WINDOW))));
        stoppedTracing(now, shedNow.quiet(), "sampled enough, nothing more to find (-XX:REMIXShedAfter)");
        stoppedTracing(now, shedNow.tracedLongEnough(), String.format(Locale.ROOT,
                "traced %.1f s, contention not yet found is left to the next window (-XX:REMIXClassWindow)",
                shed.classWindowNanos(scale) / 1e9));
    }

    private void stoppedTracing(long now, List<String> classes, String why) {
        if (!classes.isEmpty()) {
            log.verbose(String.format(Locale.ROOT, "Stopped tracing %s %.1f s into window %d: %s.",
                    classes(classes.size()), (now - openedAt) / 1e9, windows, why));
            log.debug("stopped tracing " + String.join(", ", classes));
        }
    }

    private void reportClosed() {
        lastReported = !rearming();
        if (ending) { // no next window opens to give the last one its whole cost
            costLastWindow();
        }
        events.closed();
    }

    private void announce(long now) {
        if (foundAt == 0) {
            foundAt = now;
        }
        List<Finding> findings = tracker.findings(SiteTable::where);
        onFindings.accept(findings);
        found = findings.size(); // not a count of decisions: a class predicted, then observed, is one finding
        for (Finding f : findings) {
            if (f.detectedNanos() == now) {
                JfrEvents.finding(collector.callers().named(List.of(f)).get(0), collector.threadNames());
                boolean latent = f.kind() == SharingKind.LATENT_FALSE_SHARING; // counted in writes, not misses
                log.verbose(String.format(Locale.ROOT, "Found %s on '%s'%s after %.2f s (%.0f ms after its first %s), ~%.3g %s/s, %s.",
                        f.kind().words(), f.className(), f.fields().isEmpty() ? "" : " " + String.join(", ", f.fields()),
                        (now - startNanos) / 1e9, f.detectionMillis(), latent ? "access" : "miss", f.ratePerSecond(),
                        latent ? "accesses" : "misses", CacheTextReport.costShare(f)));
            }
        }
    }

    /**
     * Opens the next window if the last one's cost allows it, or, after the uncharged first window, the next one's
     * expected cost; says so once if it does not.
     */
    private void openWithinBudget(long now) {
        long since = now - budget.openedAt();
        long owed = budget.owed(now);
        if (budget.allows(now)) {
            if (heldSince != 0) {
                String cost = budget.charging() ? "Window " + windows + " cost " + seconds(owed)
                        : "Window " + (windows + 1) + " is expected to cost " + seconds(owed);
                log.verbose(String.format(Locale.ROOT, "%s, %.1f%% of the %.0f s since window %d opened: it is due"
                        + " %.0f s after REMIXRearm.", cost, 100.0 * owed / since, since / 1e9, windows,
                        (now - heldSince) / 1e9));
                heldSince = 0;
            }
            openUnlessAllQuiet(now);
        } else if (heldSince == 0) {
            heldSince = now;
            log.verbose(budget.charging() ? String.format(Locale.ROOT, "Window %d has cost %s so far (JIT"
                            + " compilation beyond the program's own, and jremix's threads), over %s of the %.0f s"
                            + " since it opened (-XX:REMIXBudget): the next window waits.", windows, seconds(owed),
                    options.budgetText(), since / 1e9)
                    : String.format(Locale.ROOT, "Window %d is expected to cost %s (the JIT compilation since window"
                            + " %d closed, beyond the program's lowest rate: code its retransformations would send"
                            + " back to the compiler), over %s of the %.0f s since window %d opened (-XX:REMIXBudget):"
                            + " it waits.", windows + 1, seconds(owed), windows, options.budgetText(), since / 1e9,
                    windows));
        }
    }

    private static String classes(int n) {
        return Counted.of(n, "class", "classes");
    }

    private static String seconds(long nanos) {
        return nanos >= 1_000_000_000L ? String.format(Locale.ROOT, "%.1f s", nanos / 1e9)
                : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }

    /**
     * Opens the window due now, unless every class the samples found running sits out (quiet in its last windows): a
     * window that probes none of them buys nothing, and its gate flips would still send compiled code back to the
     * JIT. The period counts all the same, so that the classes' turns come round; the next is due a period later.
     */
    private void openUnlessAllQuiet(long now) {
        HotClasses.Selection next = samples != null ? hot.take() : null;
        Set<String> selected = next != null ? next.classes() : Set.of();
        Set<String> admitted = quiet.admit(selected, periods + 1);
        if (selected.isEmpty() || !admitted.isEmpty()) {
            open(now, next, admitted);
            return;
        }
        periods++;
        closedAt = now;
        log.verbose(String.format(Locale.ROOT, "Window %d does not open at %.0f s: the %s most often seen running"
                        + " %s all %s (-XX:REMIXBackOff); it is due again in %.0f s.", windows + 1,
                (now - startNanos) / 1e9, classes(selected.size()), selected.size() == 1 ? "was" : "were", QUIET,
                options.get(REARM) / 1e9));
        log.debug("window " + (windows + 1) + " would probe none; leaves out " + String.join(", ", selected));
    }

    /**
     * @param selection what JFR's samples found running, {@code null} without them (every class is probed)
     * @param admitted  those of its classes the window probes
     */
    private void open(long now, HotClasses.Selection selection, Set<String> admitted) {
        if (budget.charging()) {
            history.costed(budget.charged(now));
        }
        budget.opened(now, windows > 0 || attached);
        tracker.forgetBelowThreshold();
        transformer.arm(true);
        ProbeGate.set(true);
        bursts.start();
        open = true;
        openedAt = now;
        foundAt = 0;
        concurrent = false;
        windows++;
        periods++;
        collector.startWindow(now);
        shed.opened(now);
        this.selection = selection;
        probed = admitted;
        windowEvent = JfrEvents.windowOpened(windows);
        history.opened(System.currentTimeMillis(), now, collector.sampledAccesses(), tracker.misses(),
                tracker.findings(SiteTable::where));
        settled.clear();
        waitingForProbes.clear();
        retryNanos = RETRY_MILLIS * 1_000_000;
        sync(now);
        log.verbose(String.format(Locale.ROOT, "Detection window %d open%s: closes %.1f s after contention is found,"
                        + " or %.1f s after two threads run traced code without.",
                windows, whatItProbes(), options.get(WINDOW) / 1e9, options.get(MAX_WINDOW) / 1e9));
        if (!selected().isEmpty()) {
            String left = selected().stream().filter(c -> !probed.contains(c)).collect(Collectors.joining(", "));
            log.debug("window " + windows + " probes " + String.join(", ", probed)
                    + (left.isEmpty() ? "" : "; leaves out " + left));
        }
    }

    /** The classes selected for the open window, by name; empty for every class. */
    private Set<String> selected() {
        return selection != null ? selection.classes() : Set.of();
    }

    /** What the window opening now probes, for the verbose log; empty for every class without a sampler. */
    private String whatItProbes() {
        int left = selected().size() - probed.size();
        if (selected().isEmpty()) {
            return selection == null ? "" : ", probing every class (" + selection.whyEveryClass() + ")";
        }
        return ", probing the " + classes(probed.size()) + " most often seen running"
                + (left > 0 ? " (leaving out " + left + " more, " + QUIET + ")" : "");
    }

    private void close(long now) {
        transformer.arm(false);
        endTracing(now, foundAt != 0 ? "contention found" : "no contention");
        Set<String> contended = SiteTable.classes(collector.takeContendedSites());
        List<Class<?>> instrumented = transformer.instrumentedLoaded(inst);
        if (!selected().isEmpty()) { // a window probing every class runs at start or without samples: not counted
            Set<String> tried = instrumented.stream().map(Class::getName)
                    .collect(Collectors.toCollection(HashSet::new));
            tried.addAll(waitingForProbes.keySet());
            quiet.closed(periods, tried, contended);
        }
        buffersHeld = !EventBuffer.releaseAll(); // a service's threads live on: their buffers need not
        closedAt = now;
        budget.closed(now);
        waitingForProbes.forEach((c, methods) -> runningThroughout.computeIfAbsent(c, k -> new TreeSet<>())
                .addAll(methods));
        settled.clear();
        retryNanos = RETRY_MILLIS * 1_000_000;
        int before = restored;
        sync(now, instrumented);
        int restoredNow = restored - before;
        log.verbose(String.format(Locale.ROOT, "Detection window %d closed after %.1f s; restored %s to %s original"
                        + " bytecode%s.", windows, (now - openedAt) / 1e9, classes(restoredNow),
                restoredNow == 1 ? "its" : "their",
                waiting ? ", the others wait until their methods return (their probes are off)" : ""));
        bursts.lateness().ifPresent(log::verbose);
        if (transformer.notDuplicated() > 0) {
            log.verbose(transformer.notDuplicated() + " probed methods could not keep a copy of their own code for"
                    + " between bursts (too large, or JSR/RET) and were probed on every access.");
        }
        if (transformer.tooLarge() > 0) {
            log.verbose(transformer.tooLarge() + " methods were left without probes: with them they would have been"
                    + " too large for the JIT (HotSpot's HugeMethodLimit, " + CodeSize.HUGE_METHOD_LIMIT
                    + " bytes) or for a class file.");
        }
    }

    /**
     * Brings loaded classes to the state the window asks for (probes in while open, original bytecode while closed),
     * except classes with a method on some thread's stack, which wait for the next try.
     */
    private void sync(long now) {
        sync(now, open ? CacheTransformer.eligibleLoaded(inst) : transformer.instrumentedLoaded(inst));
    }

    /** {@link #sync(long)} among {@code wanted}, the classes to be probed or restored now (changed in place). */
    private void sync(long now, List<Class<?>> wanted) {
        wanted.removeIf(c -> settled.contains(c) || (open && (transformer.carriesProbes(c)
                || !(selected().isEmpty() || probed.contains(c.getName())))));
        Map<String, Set<String>> running = wanted.isEmpty() ? Map.of() : runningMethods();
        List<Class<?>> ready = wanted.stream().filter(c -> !running.containsKey(c.getName())).toList();
        retransform(ready);
        settled.addAll(ready);
        if (open) {
            waitingForProbes.clear();
            wanted.stream().map(Class::getName).filter(running::containsKey)
                    .forEach(c -> waitingForProbes.put(c, running.get(c)));
        } else {
            restored += ready.size();
            retryNanos = ready.isEmpty() ? Math.min(2 * retryNanos, MAX_RETRY_MILLIS * 1_000_000) : retryNanos;
            if (!ready.isEmpty() && ready.size() < wanted.size()) {
                int left = wanted.size() - ready.size();
                log.debug("restored " + classes(ready.size()) + "; " + classes(left) + (left == 1 ? " still carries"
                        : " still carry") + " probes, a method of each running: " + wanted.stream().map(Class::getName)
                        .filter(running::containsKey).sorted().collect(Collectors.joining(", ")));
            }
        }
        waiting = ready.size() < wanted.size();
        syncedAt = now;
    }

    /** The methods on some thread's stack, by class name. */
    private static Map<String, Set<String>> runningMethods() {
        Map<String, Set<String>> methods = new HashMap<>();
        for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
            for (StackTraceElement frame : stack) {
                methods.computeIfAbsent(frame.getClassName(), c -> new TreeSet<>()).add(frame.getMethodName());
            }
        }
        return methods;
    }

    private void retransform(List<Class<?>> classes) {
        for (int i = 0; i < classes.size(); i += RETRANSFORM_BATCH) {
            List<Class<?>> batch = classes.subList(i, Math.min(classes.size(), i + RETRANSFORM_BATCH));
            try {
                inst.retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (Throwable t) {
                for (Class<?> c : batch) {
                    try {
                        inst.retransformClasses(c);
                    } catch (Throwable one) {
                        transformer.skip(c.getName(), "retransformation failed: " + one);
                    }
                }
            }
        }
    }

    /** Stops the thread and, if a window is open, closes the gate and takes in the last events. */
    public void stop() {
        stopping = true;
        thread.interrupt();
        synchronized (this) {
            stopSampling();
            if (open) {
                endTracing(System.nanoTime(), "exit");
                bursts.lateness().ifPresent(log::verbose);
            }
            costLastWindow();
        }
    }

    /** Gives the last window's cost so far to the report, as no next window opens to give it its whole cost. */
    private void costLastWindow() {
        if (budget.charging()) {
            history.costed(budget.charged(System.nanoTime()));
        }
    }

    private synchronized void stopSampling() {
        if (samples != null) {
            samples.stop();
            samples = null;
        }
    }

    /** Replays what the probes recorded, each sample standing for the accesses the bursts left untraced. */
    private int collect(long now) {
        tracker.scale(samplingScale());
        return collector.collect(now);
    }

    /** Real accesses each recorded one has stood for, on average so far. */
    public double samplingScale() {
        return options.samplingRatio() * bursts.scale();
    }

    /**
     * Ends the open window's tracing, whether it closes or the program exits: no more bursts, probes off, the last
     * events in, and the window recorded as closed for the reason given.
     */
    private void endTracing(long now, String reason) {
        bursts.stop();
        ProbeGate.set(false);
        collect(now);
        open = false;
        tracedNanos += now - openedAt;
        Set<String> shedClasses = shed.shed();
        JfrEvents.windowClosed(windowEvent, reason, found, shedClasses.size());
        history.closed(now, collector.sampledAccesses(), tracker.misses(), tracker.findings(SiteTable::where),
                shedClasses);
    }

    public synchronized int windows() {
        return windows;
    }

    /** Whether a window is open now. */
    public synchronized boolean isOpen() {
        return open;
    }

    /** The findings so far, taken under the lock of the thread that updates them. */
    public synchronized List<Finding> findings() {
        return tracker.findings(SiteTable::where);
    }

    public synchronized double tracedSeconds() {
        return tracedNanos / 1e9;
    }

    public synchronized int restored() {
        return restored;
    }

    /**
     * Classes that got no probes in some window because one of their methods ran until it closed (a running method
     * keeps its old code), with those methods.
     */
    public synchronized List<CacheRun.Running> runningThroughout() {
        return runningThroughout.entrySet().stream()
                .map(e -> new CacheRun.Running(e.getKey(), List.copyOf(e.getValue()))).toList();
    }
}
