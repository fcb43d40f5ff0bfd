package io.jremix.agent.cache.window;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.ProbeGate;
import io.jremix.agent.cache.collect.WindowSites;
import io.jremix.agent.cache.instrument.SiteTable;

/**
 * Stops tracing, within a window, the classes that show no contention left to find, so that their code runs at full
 * speed while the window traces the rest (after LiteRace's adaptive sampling, PLDI 2009,
 * https://doi.org/10.1145/1542476.1542491, which backs off code that has been sampled enough and showed nothing). A
 * class is shed once its sites have been sampled {@value #MIN_SAMPLES} times or more, by two threads or more, and
 * since two threads first sampled it, for {@code REMIXShedAfter} and for at least three times as long as contention
 * at the threshold takes to show two sampled misses, none touched a line that missed repeatedly (on either side of
 * the contention: the writer's sites too), or only lines of data with no contention left to find: each of its
 * contention a finding for that long, or sampled at under half the thresholds for as long as a window without
 * findings stays open ({@code REMIXMaxWindow}), which would not have reported it either. A finding's rate is measured
 * while its misses are sampled, so it holds after its code is shed; a window held open for minutes would otherwise
 * trace contended code at every access to the end. Code that one thread ran is kept: it cannot have contended yet,
 * and a program often sets up in one thread what several then work on, in the same class. Shedding shuts the class's
 * switch ({@link ProbeGate.ClassSwitch}): compiled code that folded it is thrown away once and compiled again without
 * probes, its callers' that inlined it too. That costs more than the probes of a class run less than
 * {@value #MIN_ACCESSES_PER_SECOND} times a second, which is kept for its class window (below) rather than shed as
 * soon as it is quiet (tomcat's requests took twice as long with 22 such classes shed one after another, 12–55
 * sampled accesses a second each, at 1 in 1,000). A window opening switches every class back on.
 *
 * <p>However long the window, a class is traced for at most {@code REMIXClassWindow} after two threads first sampled
 * it, as a window without findings would have traced it, whatever it showed: contention that has not crossed the
 * threshold by then is left to the next window. Contention that hovers near the threshold otherwise keeps a
 * held-open window tracing its code for tens of seconds, the program slowed all the while (reactor's findings came
 * one after another, at 1.0-1.9e5 misses a second, up to 17-24 s into its window); and the classes run less often
 * than that, each cheap to trace, together held pmd's probes at 29% of its time. Classes with contention left to find
 * are judged as their class window ends; the rest at the next judgement, so that they are shed together.
 *
 * <p>The cost is contention that starts in a shed class after it was shed: it is not seen until the next window.
 * Latent false sharing is predicted from the writes of the quiet time, whatever the placement, so a class whose
 * objects two threads write is shed like any other once that time has passed without a prediction.
 */
final class ShedClasses {
    /**
     * Samples a class needs before it is judged quiet: a class sampled less costs little, and waits for its class
     * window.
     */
    static final int MIN_SAMPLES = 1000;
    /**
     * Accesses a second, estimated from the samples since two threads ran the class, below which it is kept until its
     * class window ends.
     */
    static final long MIN_ACCESSES_PER_SECOND = 100_000;
    /**
     * How long after a window opens classes are first judged, and again after each judgement that shed none. A
     * judgement that sheds doubles the wait, up to {@link #MAX_WAIT_NANOS}: the callers that inlined a shed class are
     * compiled again, once per judgement, so the classes that go quiet meanwhile are better shed together.
     */
    static final long EVERY_NANOS = 200_000_000L;
    static final long MAX_WAIT_NANOS = 64 * EVERY_NANOS;

    private final long shedAfterNanos;
    private final long classWindowNanos;
    private final double threshold;
    /** When each class probed in the open window was first seen sampled by two threads or more. */
    private final Map<String, Long> severalThreadsSince = new HashMap<>();
    private final Set<String> shed = new HashSet<>();
    private long judgedAt;
    private long waitNanos = EVERY_NANOS;
    /**
     * When the next class with contention left to find reaches {@link #classWindowNanos}, if one is known to: it is
     * judged then, whatever the wait. Quiet classes wait their turn, so that they are still shed together (pmd, judged
     * as each of its classes reached the time, shed them one or two at a time and ran 1.6x slower than plain
     * {@code java} against 1.3x).
     */
    private long nextWindowEnd;
    private boolean windowEnds;

    /**
     * @param shedAfterNanos   how long a class shows no contention before it is shed; 0 never sheds
     * @param classWindowNanos how long a class is traced at most after two threads first sampled it, whatever it
     *                         shows, and no less than it is traced before it is judged quiet; 0 for as long as the
     *                         window
     * @param threshold        estimated misses per second that make a finding between two threads that run all the
     *                         time ({@link io.jremix.core.cache.Thresholds#ratePerSecond})
     */
    ShedClasses(long shedAfterNanos, long classWindowNanos, double threshold) {
        this.shedAfterNanos = shedAfterNanos;
        this.classWindowNanos = classWindowNanos;
        this.threshold = threshold;
    }

    /** A window opens: every class shed in the last one is traced again. */
    void opened(long nowNanos) {
        shed.forEach(c -> SiteTable.switchOf(c).set(true));
        shed.clear();
        severalThreadsSince.clear();
        judgedAt = nowNanos;
        waitNanos = EVERY_NANOS;
        windowEnds = false;
    }

    /**
     * Whether classes are due to be judged: the wait since they last were is over, or a class has been traced for
     * {@code REMIXClassWindow}; and the window stays open for
     * {@code REMIXShedAfter} more, since shedding costs a class a compilation of its code, and restoring it at the
     * close another (a window left on for 2 s a minute would pay both for a second's gain).
     *
     * @param closesAtNanos when the window closes if nothing changes
     */
    boolean due(long nowNanos, long closesAtNanos) {
        return shedAfterNanos > 0 && threshold > 0
                && (nowNanos - judgedAt >= waitNanos || windowEnds && nowNanos - nextWindowEnd >= 0)
                && closesAtNanos - nowNanos >= shedAfterNanos;
    }

    /**
     * Sheds the classes quiet long enough, and those traced for {@code REMIXClassWindow}.
     *
     * @param scale       accesses each sample stands for
     * @param sites       what the window traced so far, as the collector counted it
     * @param unsettled   data classes with contention left to find ({@code ContentionTracker#unsettledClasses}):
     *                    a class whose sites touched contended lines of none of them is judged as a quiet one
     * @return the classes shed now, by why
     */
    Judgement judge(long nowNanos, double scale, WindowSites sites, Set<String> unsettled) {
        judgedAt = nowNanos;
        long quietNanos = quietNanos(scale);
        long classWindow = classWindowNanos(scale);
        Map<String, Long> samples = new HashMap<>();
        Map<String, Integer> threads = new HashMap<>();
        Set<String> contended = new HashSet<>();
        for (int id = 0; id < sites.samples().length; id++) {
            CacheSite site = sites.samples()[id] > 0 ? CacheSites.get(id) : null;
            if (site != null && !shed.contains(site.codeClass())) {
                samples.merge(site.codeClass(), (long) sites.samples()[id], Long::sum);
                threads.merge(site.codeClass(), sites.threads()[id], WindowSites::together);
                Set<String> data = sites.contended().get(id);
                if (data != null && !Collections.disjoint(data, unsettled)) {
                    contended.add(site.codeClass());
                }
            }
        }
        List<String> quiet = new ArrayList<>();
        List<String> tracedLongEnough = new ArrayList<>();
        windowEnds = false;
        samples.forEach((c, n) -> {
            if (threads.get(c) == WindowSites.THREADS) {
                long since = severalThreadsSince.computeIfAbsent(c, k -> nowNanos);
                boolean windowOver = classWindowNanos > 0 && nowNanos - since >= classWindow;
                // sampled enough, for long enough, and run often enough that shedding it alone pays
                boolean judgeable = n >= MIN_SAMPLES && nowNanos - since >= quietNanos
                        && n * scale * 1e9 / (nowNanos - since) >= MIN_ACCESSES_PER_SECOND;
                if (judgeable && !contended.contains(c)) {
                    quiet.add(c);
                } else if (windowOver) {
                    tracedLongEnough.add(c);
                } else if (classWindowNanos > 0 && contended.contains(c)) {
                    windowEnd(since + classWindow);
                }
            }
        });
        Judgement j = new Judgement(sorted(quiet), sorted(tracedLongEnough));
        List<String> shedNow = j.all();
        shedNow.forEach(c -> SiteTable.switchOf(c).set(false));
        shed.addAll(shedNow);
        if (!shedNow.isEmpty()) {
            waitNanos = Math.min(2 * waitNanos, MAX_WAIT_NANOS);
        }
        return j;
    }

    /** The classes a judgement shed: those quiet long enough, and those traced for {@code REMIXClassWindow}. */
    record Judgement(List<String> quiet, List<String> tracedLongEnough) {
        List<String> all() {
            List<String> all = new ArrayList<>(quiet);
            all.addAll(tracedLongEnough);
            return all;
        }
    }

    private static List<String> sorted(List<String> classes) {
        classes.sort(null);
        return List.copyOf(classes);
    }

    /** A class still traced reaches {@code REMIXClassWindow} at {@code end}: judge no later than then. */
    private void windowEnd(long end) {
        if (!windowEnds || end - nextWindowEnd < 0) {
            nextWindowEnd = end;
            windowEnds = true;
        }
    }

    /**
     * How long a class shows no contention left to find before it is shed: {@code REMIXShedAfter}, and at least three
     * times as long as contention at the threshold takes to show two sampled misses.
     *
     * @param scale accesses each sample stands for
     */
    long quietNanos(double scale) {
        return Math.max(shedAfterNanos, (long) (6e9 * scale / threshold));
    }

    /**
     * How long a class is traced at most after two threads first sampled it: {@code REMIXClassWindow}, and no less than
     * its {@link #quietNanos quiet time}, which contention at the threshold needs to show.
     *
     * @param scale accesses each sample stands for
     */
    long classWindowNanos(double scale) {
        return Math.max(classWindowNanos, quietNanos(scale));
    }

    /** Classes shed in the open window so far. */
    Set<String> shed() {
        return Set.copyOf(shed);
    }
}
