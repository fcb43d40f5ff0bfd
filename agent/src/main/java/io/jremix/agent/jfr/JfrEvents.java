package io.jremix.agent.jfr;

import java.util.List;
import java.util.Locale;

import io.jremix.core.cache.Finding;
import io.jremix.core.cache.ThreadNames;
import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;
import io.jremix.report.cache.CacheTextReport;
import io.jremix.report.park.ParkRun;
import io.jremix.report.park.ParkTextReport;

/**
 * Commits jremix's events into any running recording. Calls cost a check when no recording is on; on a runtime
 * without the jdk.jfr module they do nothing; they never throw (they run on jremix's own threads, but a report must
 * not be lost to an event).
 */
public final class JfrEvents {
    private static final boolean AVAILABLE = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

    private JfrEvents() {
    }

    /** A finding, when it is made, naming its threads as {@code threads} does. */
    public static void finding(Finding f, ThreadNames threads) {
        if (AVAILABLE) {
            try {
                Commit.finding(f, threads);
            } catch (RuntimeException | LinkageError e) {
                // no event; the report still has the finding
            }
        }
    }

    /** A window opens: the token to pass to {@link #windowClosed}, or {@code null}. */
    public static Object windowOpened(int window) {
        try {
            return AVAILABLE ? Commit.windowOpened(window) : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * The window {@code token} opened has closed, for {@code closedBy}, with {@code findings} made so far, having
     * stopped tracing {@code shedClasses} classes.
     */
    public static void windowClosed(Object token, String closedBy, int findings, int shedClasses) {
        if (token != null) {
            try {
                Commit.windowClosed(token, closedBy, findings, shedClasses);
            } catch (RuntimeException | LinkageError e) {
                // no event
            }
        }
    }

    /** Every park record a report swept, one event each. */
    public static void parkRecords(String trigger, List<ParkRun.Blocker> blockers) {
        if (AVAILABLE) {
            try {
                Commit.parkRecords(trigger, blockers);
            } catch (RuntimeException | LinkageError e) {
                // no events; the report still has the records
            }
        }
    }

    /** The code that names the event classes, loaded only where the jdk.jfr module is. */
    private static final class Commit {
        static void finding(Finding f, ThreadNames threads) {
            CacheFindingEvent e = new CacheFindingEvent();
            if (!e.shouldCommit()) {
                return;
            }
            e.className = f.className();
            e.kind = f.kind().key();
            e.location = f.location().name().toLowerCase(Locale.ROOT);
            e.fields = String.join(", ", f.fields());
            e.sampledMisses = f.sampled();
            e.estimatedMisses = f.events();
            e.ratePerSecond = Math.round(f.ratePerSecond());
            e.costShare = f.costShare();
            e.repairable = f.repairable();
            e.writers = CacheTextReport.writers(f, threads::of);
            e.sites = sites(f);
            e.neighbours = String.join("\n", f.neighbours().stream().map(n -> n.field()
                    + (n.reads() == Finding.Reads.FIELD ? " read" : "") + " by " + threads.of(n.writer()).label()
                    + ", " + n.other() + (n.sameObject() ? "" : " of a neighbouring instance")
                    + (n.reads() == Finding.Reads.OTHER ? " read" : "") + " by " + threads.of(n.otherWriter()).label()
                    + ": " + n.span() + " bytes").toList());
            e.commit();
        }

        /** An open window's event and when it opened. */
        private record Opened(DetectionWindowEvent event, long nanos, long epochMillis) {
        }

        static Object windowOpened(int window) {
            DetectionWindowEvent e = new DetectionWindowEvent();
            e.window = window;
            e.begin();
            return new Opened(e, System.nanoTime(), System.currentTimeMillis());
        }

        static void windowClosed(Object token, String closedBy, int findings, int shedClasses) {
            Opened opened = (Opened) token;
            DetectionWindowEvent e = opened.event();
            e.end();
            e.openedAt = opened.epochMillis();
            e.tracedTime = System.nanoTime() - opened.nanos();
            e.closedBy = closedBy;
            e.findings = findings;
            e.shedClasses = shedClasses;
            e.commit();
        }

        static void parkRecords(String trigger, List<ParkRun.Blocker> blockers) {
            for (ParkRun.Blocker b : blockers) {
                ParkContentionEvent e = new ParkContentionEvent();
                if (!e.shouldCommit()) {
                    return;
                }
                ParkSnapshot s = b.stats();
                e.trigger = trigger;
                e.className = s.className();
                e.identityHash = s.identityHashHex();
                e.synchronizer = BlockerNames.synchronizer(s.className(), s.stackTrace());
                e.waitKind = b.kind().id();
                e.threadName = s.threadName();
                e.userFrame = BlockerNames.userFrame(s.stackTrace()).orElse(null);
                e.via = String.join("\n", BlockerNames.via(s.stackTrace()));
                e.sites = sites(s.sites());
                e.timesParked = s.timesParked();
                e.peakParked = s.peakParked();
                e.parkThreadTime = s.parkThreadTimeNanos();
                e.parkRealTime = s.parkRealTimeNanos();
                e.collected = b.collected();
                e.commit();
            }
        }

        /** Each site that missed, its share of the finding's sampled misses first where it was counted. */
        private static String sites(Finding f) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < f.sites().size(); i++) {
                sb.append(i == 0 ? "" : "\n");
                if (i < f.siteSamples().size() && f.sampled() > 0) {
                    sb.append(String.format(Locale.ROOT, "%.2f%% ", 100.0 * f.siteSamples().get(i) / f.sampled()));
                }
                sb.append(f.sites().get(i));
            }
            return sb.toString();
        }

        /**
         * Each site as the text report's site rows have it: its share of the park time, its frame, then how many
         * of its parks were estimated, if any.
         */
        private static String sites(List<SiteSnapshot> sites) {
            StringBuilder sb = new StringBuilder();
            for (SiteSnapshot site : sites) {
                sb.append(sb.length() == 0 ? "" : "\n").append(String.format(Locale.ROOT, "%.2f%% ",
                        SiteSnapshot.parkTimeSharePct(site, sites))).append(String.join(" <- ", site.where()))
                        .append(ParkTextReport.estimated(site.estimatedParks()));
            }
            return sb.toString();
        }
    }
}
