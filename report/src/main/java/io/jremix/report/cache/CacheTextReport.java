package io.jremix.report.cache;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

import io.jremix.core.cache.Datum;
import io.jremix.core.cache.Finding;
import io.jremix.core.cache.SharingKind;
import io.jremix.core.cache.TracedThread;
import io.jremix.core.cache.WindowHistory;

/**
 * The report REMIX printed at exit: the classes with hits, then one {@code - Hit Class::field[offset]: n} line per
 * field, here with the sharing kind, followed by a summary line. Lines carry no prefix; the caller adds it.
 */
public final class CacheTextReport {
    /** Hit lines per finding; arrays can have one per element. */
    static final int MAX_HITS = 8;
    /** Writer threads named per field; the JSON has them all. */
    static final int MAX_WRITERS = 8;

    private CacheTextReport() {
    }

    public static List<String> lines(CacheRun run) {
        List<String> out = new ArrayList<>();
        Map<String, List<Finding>> byClass = new LinkedHashMap<>();
        for (Finding f : run.findings()) {
            byClass.computeIfAbsent(f.className(), k -> new ArrayList<>()).add(f);
        }
        out.add("Processed " + byClass.size() + " classes" + (byClass.isEmpty() ? "." : ":"));
        byClass.forEach((cls, findings) -> {
            out.add("Hits for class '" + cls + "':");
            for (Finding f : findings) {
                String events = f.kind() == SharingKind.LATENT_FALSE_SHARING ? " writes (" : " misses (";
                for (Finding.Hit h : f.hits().subList(0, Math.min(MAX_HITS, f.hits().size()))) {
                    out.add("- Hit " + hitName(f, h) + ": " + h.sampled() + " sampled, ~" + h.sampled()
                            * run.settings().samplingRatio() + events + describe(f) + ")");
                }
                if (f.hits().size() > MAX_HITS) {
                    long rest = f.hits().subList(MAX_HITS, f.hits().size()).stream().mapToLong(Finding.Hit::sampled).sum();
                    out.add("- ... " + (f.hits().size() - MAX_HITS) + " more " + (f.location() == Datum.Kind.ELEMENT
                            ? "elements" : "fields") + ": " + rest + " sampled (" + describe(f) + ")");
                }
                for (Finding.Neighbours n : f.neighbours()) {
                    out.add("  " + neighbours(run, f, n));
                }
                if (!f.writers().isEmpty()) {
                    out.add("  written by: " + writers(f, run::thread));
                }
                out.add(String.format(Locale.ROOT, "  ~%.3g %s/s, %s", f.ratePerSecond(),
                        f.kind() == SharingKind.LATENT_FALSE_SHARING ? "accesses" : "misses", costShare(f)));
                if (!f.conflictsWith().isEmpty()) {
                    out.add("  on the same lines as: " + String.join(", ", f.conflictsWith()));
                }
                for (String site : f.sites()) {
                    out.add("  at " + site);
                }
            }
        });
        CacheRun.Trace t = run.trace();
        out.add(String.format(Locale.ROOT,
                "Traced %.1f s in %d window%s at 1:%d: %d accesses sampled, %d coherence misses, %d finding%s.",
                t.tracedSeconds(), t.windows(), t.windows() == 1 ? "" : "s", run.settings().samplingRatio(),
                t.sampledAccesses(), t.sampledMisses(), run.findings().size(), run.findings().size() == 1 ? "" : "s"));
        if (run.settings().rearmSeconds() > 0 && !run.windowHistory().isEmpty()) {
            out.add(lastWindow(run.windowHistory().get(run.windowHistory().size() - 1)));
        }
        List<CacheRun.Running> running = run.instrumentation().runningThroughout();
        if (!running.isEmpty()) {
            out.add("Not traced, because one of their methods ran until the window closed (a class gets its probes only"
                    + " when none of its methods runs: a running method keeps its old code):");
            for (CacheRun.Running r : running) {
                out.add("  " + r.className() + ", running " + String.join(", ", r.methods()));
            }
            out.add("Their own accesses went unsampled, not those of the methods they call. To trace a loop that never"
                    + " returns, start the program under bin/jremix" + (run.settings().rearmSeconds() > 0
                    ? " with -XX:REMIXHotClasses=0, so that the first window opens with it." : "."));
        }
        if (t.untracedThreads() > 0) {
            out.add(t.untracedThreads() + " thread" + (t.untracedThreads() == 1 ? " was" : "s were")
                    + " not traced, or only in part: at most 256 threads are traced at once.");
        }
        if (run.repair() != null) {
            out.addAll(run.repair().lines());
        }
        return out;
    }

    /** With re-arming, what the window that just closed found, since the findings above add up every window. */
    private static String lastWindow(WindowHistory.Window w) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Window %d, opened %s for %.1f s: ", w.number(),
                LocalTime.ofInstant(Instant.ofEpochMilli(w.openedEpochMillis()), ZoneId.systemDefault())
                        .truncatedTo(ChronoUnit.SECONDS), w.nanos() / 1e9));
        if (w.findings().isEmpty()) {
            return sb.append("no contention above the threshold.").toString();
        }
        for (int i = 0; i < w.findings().size(); i++) {
            WindowHistory.Seen f = w.findings().get(i);
            sb.append(i == 0 ? "" : "; ").append(f.className()).append(' ').append(f.kind().words()).append(", ")
                    .append(f.sampled()).append(" sampled").append(f.newFound() ? " (new)" : "");
        }
        return sb.append('.').toString();
    }

    /**
     * What the misses cost the threads that touch the class's lines, as a share of their running time; for latent
     * false sharing, what they would cost if those threads ran at once.
     */
    public static String costShare(Finding f) {
        return (f.kind() == SharingKind.LATENT_FALSE_SHARING ? "would cost its threads " : "costing its threads ")
                + percent(f.costShare()) + " of their time" + (f.kind() == SharingKind.LATENT_FALSE_SHARING
                ? ", running at once" : "");
    }

    /** A share as a percentage, to two significant digits: {@code 0.031%}, {@code 1.2%}, {@code 65%}. */
    public static String percent(double share) {
        if (!(share > 0)) {
            return "0%";
        }
        return new BigDecimal(share * 100).round(new MathContext(2)).stripTrailingZeros().toPlainString() + "%";
    }

    /** Why a placement can put the pair on one line; on observed false sharing, that any placement could. */
    private static String neighbours(CacheRun run, Finding f, Finding.Neighbours n) {
        String other = n.sameObject() ? n.other() + " of the same object"
                : n.other().equals(f.className() + "::" + n.field()) ? "the same field of a neighbouring instance"
                : n.other() + " of a neighbouring instance";
        String lead = f.kind() == SharingKind.LATENT_FALSE_SHARING ? "could share a %d-byte line: "
                : "predicted too, whatever the placement, within a %d-byte line: ";
        boolean written = n.reads() == Finding.Reads.NONE;
        return String.format(Locale.ROOT, lead + "%s %s by %s, %s %sby %s"
                        + " (%d bytes from first to last byte), ~%.3g %s/s each", run.settings().lineSize(), n.field(),
                n.reads() == Finding.Reads.FIELD ? "read" : "written", run.thread(n.writer()).label(), other,
                n.reads() == Finding.Reads.OTHER ? "read " : n.reads() == Finding.Reads.FIELD ? "written " : "",
                run.thread(n.otherWriter()).label(), n.span(), n.ratePerSecond(), written ? "writes" : "accesses");
    }

    /**
     * Each field with the threads seen writing it, the first {@value #MAX_WRITERS} of each:
     * {@code left "worker-0" #21; right "worker-1" #22}.
     */
    public static String writers(Finding f, IntFunction<TracedThread> threads) {
        List<String> fields = new ArrayList<>();
        f.writers().forEach((field, writers) -> {
            List<Integer> ordered = CacheRun.inOrder(writers);
            fields.add(field + " " + String.join(", ", ordered.subList(0, Math.min(MAX_WRITERS, ordered.size()))
                    .stream().map(t -> threads.apply(t).label()).toList())
                    + (ordered.size() > MAX_WRITERS ? " and " + (ordered.size() - MAX_WRITERS) + " more" : ""));
        });
        return String.join("; ", fields);
    }

    private static String hitName(Finding f, Finding.Hit h) {
        return f.location() == Datum.Kind.ELEMENT ? f.className() + " element " + h.label()
                : f.className() + "::" + h.label();
    }

    private static String describe(Finding f) {
        StringBuilder sb = new StringBuilder(f.kind().words());
        if (f.location() == Datum.Kind.STATIC) {
            sb.append(", static");
        }
        if (f.kind() == SharingKind.TRUE_SHARING || !f.repairable()) {
            sb.append(", not repairable by padding");
        }
        return sb.toString();
    }
}
