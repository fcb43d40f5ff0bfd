package io.jremix.report.park;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.jremix.core.Counted;
import io.jremix.core.park.BlockerNames;
import io.jremix.core.park.MonitorSnapshot;
import io.jremix.core.park.ParkSnapshot;
import io.jremix.core.park.SiteSnapshot;

/**
 * The park-contention table of the thesis (its Figure 3.5), on stderr: one row per shown blocker, the first-park
 * stack abbreviated to its park frame, {@code [...]} and the program's frame that led there, times in
 * milliseconds; then summary lines. Metrics a record has not collected (threshold not reached) show {@code -}, and
 * so does the hold time of a blocker no hold was measured on. Beyond the thesis: a blocker parked on from several
 * call sites has a line per site under its row (its program frame, parks and thread-time there), and small
 * blockers of one class and site share a row whose hash-code cell says how many ({@link ParkRun#shown}). Each
 * table lists its first {@code rows} rows (most thread-time first) and a line that adds up the rest, which the
 * JSON report lists: a server's report fits on a screen or two.
 * Lines carry no prefix; the caller adds it.
 */
public final class ParkTextReport {
    /** ASCII rather than the figure's ellipsis character: stderr may not be able to encode it. */
    static final String ELIDED = "[...]";
    /** Starts a library frame shown as context of the program's site. */
    static final String VIA = "via ";
    static final List<String> HEADERS = List.of("Thread name", "Stack trace", "Class name", "Hash code",
            "Times parked", "Peak parked", "Park thread time", "Park real time", "Avg park time", "Avg hold time",
            "Parked now", "%Real time util", "%Thread time util", "%Real life time util", "%Thread life time util");
    static final List<String> MONITOR_HEADERS = List.of("Thread name", "Stack trace", "Class name",
            "Monitor address", "Blocked enters", "Peak blocked", "Blocked thread time", "Blocked real time",
            "Avg hold time", "%Real time util", "%Thread time util", "Waits", "Wait thread time", "Wait kind");
    /** The columns of text, aligned left; the others are numbers, aligned right. */
    private static final Set<Integer> TEXT_COLUMNS = Set.of(0, 1, 2);
    private static final Set<Integer> MONITOR_TEXT_COLUMNS = Set.of(0, 1, 2, MONITOR_HEADERS.size() - 1);

    private ParkTextReport() {
    }

    public static List<String> lines(ParkRun run) {
        List<ParkRun.Blocker> shown = run.shown();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT,
                "Park contention at %s after %.2f ms: %d blocker%s recorded, %d shown (parked at least %d times) in"
                        + " %d rows, most thread-time first, idle pool threads and signals last.",
                run.trigger(), run.totalExecutionMs(), run.blockers().size(), run.blockers().size() == 1 ? "" : "s",
                ParkRun.blockersIn(shown), run.settings().printThreshold(), shown.size()));
        out.add(headline(run, shown));
        List<ParkRun.Blocker> listed = first(shown, run.settings().rows());
        if (!listed.isEmpty()) {
            List<List<List<String>>> rows = new ArrayList<>();
            for (ParkRun.Blocker b : listed) {
                rows.add(row(b, run.totalExecutionNanos()));
                rows.addAll(siteRows(b.stats().sites()));
            }
            out.addAll(table(HEADERS, TEXT_COLUMNS, rows));
            if (listed.stream().anyMatch(b -> estimatedParks(b.stats()) > 0)) {
                out.add("est.: parks on new blockers whose stack was not walked (over the thread's walk budget),"
                        + " put where the same thread last walked a new blocker of that class.");
            }
        }
        List<ParkRun.Blocker> rest = shown.subList(listed.size(), shown.size());
        if (!rest.isEmpty()) {
            out.add(unlisted(rest.size(), listed.size(), String.format(Locale.ROOT,
                    "%s, %d parks, %.2f ms thread-time", Counted.of(ParkRun.blockersIn(rest), "blocker"),
                    rest.stream().mapToLong(b -> b.stats().timesParked()).sum(),
                    rest.stream().mapToLong(b -> b.stats().parkThreadTimeNanos()).sum() / 1e6)));
        }
        out.add("Parks without a blocker (not in the table): " + run.nullBlockerParks() + ".");
        out.addAll(monitors(run));
        if (run.untrackedParks() > 0) {
            out.add("Warning: the " + run.maxRecords() + "-record limit was reached; " + run.untrackedParks()
                    + " parks on later blockers were not recorded (freeOnPrint with bin/jremix dump frees the records"
                    + " of collected blockers).");
        }
        if (run.settings().freeOnPrint()) {
            out.add("freeOnPrint: dropped the records of " + run.droppedRecords() + " collected blocker"
                    + (run.droppedRecords() == 1 ? "" : "s") + " after this report.");
        }
        return out;
    }

    /**
     * What the rows add up to, contention apart from idle and signal waits, whose parked time is no one's
     * contention ({@link io.jremix.core.park.WaitKind#contention()}).
     */
    private static String headline(ParkRun run, List<ParkRun.Blocker> shown) {
        ParkRun.Totals contention = run.totals(shown, true);
        ParkRun.Totals idle = run.totals(shown, false);
        return String.format(Locale.ROOT, "Contention (lock, pool and condition waits): %s, %d parks, %.2f ms"
                        + " parked thread-time, %.2f%% thread-time util. Not contention, listed last: %s of idle"
                        + " and signal waits, %d parks, %.2f ms thread-time.",
                Counted.of(contention.rows(), "row"), contention.timesParked(), contention.parkThreadTimeMs(),
                contention.threadTimeUtilPct(), Counted.of(idle.rows(), "row"), idle.timesParked(),
                idle.parkThreadTimeMs());
    }

    /** The rows a table lists: the first {@code limit}, or all with 0. */
    static <T> List<T> first(List<T> rows, int limit) {
        return limit == 0 || rows.size() <= limit ? rows : rows.subList(0, limit);
    }

    /** The line under a table that says what its {@code more} unlisted rows add up to, and where they are. */
    private static String unlisted(int more, int listed, String sums) {
        return String.format(Locale.ROOT, "%d more %s below these %d (%s): rows=0 lists them all, and the"
                + " JSON report (report=<file>) has every row.", more, more == 1 ? "row" : "rows", listed, sums);
    }

    /** One blocker's cells: the stack trace, the class and the parks can take more than one line. */
    private static List<List<String>> row(ParkRun.Blocker b, long total) {
        ParkSnapshot s = b.stats();
        boolean c = s.collecting();
        return List.of(
                List.of(c ? s.threadName() : "-"),
                c ? abbreviate(s.stackTrace()) : List.of("-"),
                List.of(s.className(), described(b)),
                List.of(b.aggregated() ? b.blockers() + " blockers" : s.identityHashHex()),
                parks(s.timesParked(), estimatedParks(s)),
                List.of(c ? Long.toString(s.peakParked()) : "-"),
                List.of(c ? fixed(s.parkThreadTimeMs()) : "-"),
                List.of(c ? fixed(s.parkRealTimeMs()) : "-"),
                List.of(c ? fixed(s.avgParkTimeMs()) : "-"),
                List.of(c ? hold(s) : "-"),
                List.of(Long.toString(s.parkedNow())),
                List.of(c ? fixed(s.realTimeUtilPct(total)) : "-"),
                List.of(c ? fixed(s.threadTimeUtilPct(total)) : "-"),
                List.of(c ? fixed(s.realLifeTimeUtilPct()) : "-"),
                List.of(c ? fixed(s.threadLifeTimeUtilPct()) : "-"));
    }

    /**
     * Lines per call site when there are several, most thread-time first: the thread first seen there, where the
     * program waited ({@link SiteSnapshot#where}) with the library frame it called ({@link #via}), and the parks,
     * thread-time and share of the blocker's park time there ({@link SiteSnapshot#parkTimeSharePct}); the other
     * cells stay empty.
     */
    private static List<List<List<String>>> siteRows(List<SiteSnapshot> sites) {
        List<List<List<String>>> rows = new ArrayList<>();
        if (sites.size() < 2) {
            return rows;
        }
        for (int i = 0; i < sites.size(); i++) {
            SiteSnapshot site = sites.get(i);
            List<List<String>> cells = new ArrayList<>(Collections.nCopies(HEADERS.size(), List.of("")));
            List<String> via = BlockerNames.via(site.stackTrace());
            List<String> where = new ArrayList<>(via.isEmpty() ? List.of() : List.of(VIA + via.get(via.size() - 1)));
            where.addAll(site.where());
            cells.set(0, List.of(site.threadName()));
            cells.set(1, where);
            cells.set(2, List.of(String.format(Locale.ROOT, "site %d of %d, %s%% of park time", i + 1, sites.size(),
                    fixed(SiteSnapshot.parkTimeSharePct(site, sites)))));
            cells.set(HEADERS.indexOf("Times parked"), parks(site.timesParked(), site.estimatedParks()));
            cells.set(HEADERS.indexOf("Park thread time"), List.of(fixed(site.parkThreadTimeMs())));
            rows.add(cells);
        }
        return rows;
    }

    private static long estimatedParks(ParkSnapshot s) {
        return s.sites().stream().mapToLong(SiteSnapshot::estimatedParks).sum();
    }

    /** A parks cell: the count, and below it how many of them are estimates, if any. */
    private static List<String> parks(long parks, long estimated) {
        return estimated == 0 ? List.of(Long.toString(parks)) : List.of(Long.toString(parks), estimated(estimated).strip());
    }

    /** How many parks were put at their site without a walk ({@link SiteSnapshot#estimatedParks}), or nothing. */
    public static String estimated(long parks) {
        return parks == 0 ? "" : " (" + parks + " est.)";
    }

    private static String hold(ParkSnapshot s) {
        return s.hasHoldTime() ? fixed(s.avgHoldTimeMs()) : "-";
    }

    /**
     * The park frame, then the program's first frame (where it asked for the lock, queue, barrier or connection),
     * with {@code [...]} for the JDK frames between them, and between them the library frames the program went
     * through ({@link BlockerNames#via}) as context: the innermost and the outermost, each after {@value #VIA}.
     * Without a frame of the program's, the first library frame, or the outermost one.
     */
    static List<String> abbreviate(List<String> frames) {
        if (frames.isEmpty()) {
            return List.of("-");
        }
        int program = BlockerNames.userFrame(frames).map(frames::indexOf).orElse(frames.size() - 1);
        List<String> out = new ArrayList<>(List.of(frames.get(0)));
        if (program == 0) {
            return out;
        }
        List<String> via = BlockerNames.via(frames);
        if (program > 1 && (via.isEmpty() || frames.indexOf(via.get(0)) > 1)) {
            out.add(ELIDED);
        }
        if (!via.isEmpty()) {
            out.add(VIA + via.get(0));
        }
        if (via.size() > 2) {
            out.add(VIA + ELIDED);
        }
        if (via.size() > 1) {
            out.add(VIA + via.get(via.size() - 1));
        }
        out.add(frames.get(program));
        return out;
    }

    /** What the program knows the blocker as, and why threads parked on it ({@link ParkRun.Blocker#kind}). */
    private static String described(ParkRun.Blocker b) {
        String name = BlockerNames.synchronizer(b.stats().className(), b.stats().stackTrace());
        return "= " + name + ", " + b.kind().label();
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * The {@code synchronized} monitors JFR saw: blocked enters measured as parks, and {@code Object.wait} calls
     * apart. The stack is the first blocked enter's, or the first wait's if none blocked.
     */
    private static List<String> monitors(ParkRun run) {
        List<ParkRun.MonitorRow> shown = run.shownMonitors();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Monitor contention (synchronized, from JFR): %d monitor%s recorded, %d"
                        + " shown in %d rows, most blocked thread-time first.", run.monitors().size(),
                run.monitors().size() == 1 ? "" : "s", shown.stream().mapToInt(ParkRun.MonitorRow::monitors).sum(),
                shown.size()));
        if (shown.isEmpty()) {
            return out;
        }
        long total = run.totalExecutionNanos();
        List<ParkRun.MonitorRow> listed = first(shown, run.settings().rows());
        List<List<List<String>>> rows = new ArrayList<>();
        for (ParkRun.MonitorRow row : listed) {
            MonitorSnapshot m = row.stats();
            ParkSnapshot e = m.enters();
            ParkSnapshot w = m.waits();
            ParkSnapshot first = e.timesParked() > 0 ? e : w;
            rows.add(List.of(List.of(first.threadName()), abbreviate(first.stackTrace()), List.of(m.className()),
                    List.of(row.aggregated() ? row.monitors() + " monitors" : m.monitorAddress()),
                    List.of(Long.toString(e.timesParked())),
                    List.of(Long.toString(e.peakParked())), List.of(fixed(e.parkThreadTimeMs())),
                    List.of(fixed(e.parkRealTimeMs())), List.of(hold(e)),
                    List.of(fixed(e.realTimeUtilPct(total))), List.of(fixed(e.threadTimeUtilPct(total))),
                    List.of(Long.toString(w.timesParked())), List.of(fixed(w.parkThreadTimeMs())),
                    List.of(w.timesParked() > 0 ? m.waitKind().label() : "-")));
        }
        out.addAll(table(MONITOR_HEADERS, MONITOR_TEXT_COLUMNS, rows));
        List<ParkRun.MonitorRow> rest = shown.subList(listed.size(), shown.size());
        if (!rest.isEmpty()) {
            out.add(unlisted(rest.size(), listed.size(), String.format(Locale.ROOT,
                    "%s, %d blocked enters, %.2f ms blocked thread-time",
                    Counted.of(rest.stream().mapToInt(ParkRun.MonitorRow::monitors).sum(), "monitor"),
                    rest.stream().mapToLong(r -> r.stats().enters().timesParked()).sum(),
                    rest.stream().mapToLong(r -> r.stats().enters().parkThreadTimeNanos()).sum() / 1e6)));
        }
        return out;
    }

    private static List<String> table(List<String> headers, Set<Integer> textColumns, List<List<List<String>>> rows) {
        int[] width = new int[headers.size()];
        for (int col = 0; col < width.length; col++) {
            width[col] = headers.get(col).length();
            for (List<List<String>> r : rows) {
                for (String line : r.get(col)) {
                    width[col] = Math.max(width[col], line.length());
                }
            }
        }
        List<String> out = new ArrayList<>();
        out.add(line(width, textColumns, headers));
        for (List<List<String>> r : rows) {
            int height = r.stream().mapToInt(List::size).max().orElse(1);
            for (int i = 0; i < height; i++) {
                List<String> cells = new ArrayList<>();
                for (List<String> cell : r) {
                    cells.add(i < cell.size() ? cell.get(i) : "");
                }
                out.add(line(width, textColumns, cells));
            }
        }
        return out;
    }

    private static String line(int[] width, Set<Integer> textColumns, List<String> cells) {
        StringBuilder sb = new StringBuilder();
        for (int col = 0; col < width.length; col++) {
            String cell = cells.get(col);
            String pad = " ".repeat(width[col] - cell.length());
            sb.append(col == 0 ? "" : "  ");
            sb.append(textColumns.contains(col) ? cell + pad : pad + cell);
        }
        return sb.toString().stripTrailing();
    }
}
