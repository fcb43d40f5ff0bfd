package io.jremix.report.html;

import static io.jremix.report.html.HtmlPage.esc;
import static io.jremix.report.html.HtmlPage.number;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.core.Counted;
import io.jremix.core.cache.SharingKind;
import io.jremix.core.cache.TracedThread;

/**
 * Cache contention: the estimated misses by finding and site as a flame graph, then one card per finding, with the
 * object's layout drawn as cache lines (as JOL prints it), each field coloured by the set of threads that write it
 * and shaded by its sampled misses, then the code sites and the advice. True sharing and false sharing have a colour
 * each on the card's edge and badge. A class padded in the run gets a card of its own, before the findings, with its
 * layouts before and after side by side.
 */
final class CacheHtml {
    private CacheHtml() {
    }

    static String render(JsonView doc) {
        List<JsonView> findings = doc.list("findings");
        JsonView trace = doc.get("trace");
        int lineSize = doc.get("settings").get("lineSize").present() ? (int) doc.get("settings").number("lineSize") : 64;
        String summary = Counted.of(findings.size(), "finding") + " (" + doc.text("mode")
                + "), traced " + number(trace.number("tracedSeconds")) + " s in " + number(trace.number("windows"))
                + " window(s) at 1:" + number(doc.get("settings").number("samplingRatio")) + ": "
                + number(trace.number("sampledAccesses")) + " accesses sampled, "
                + number(trace.number("sampledMisses")) + " coherence misses.";
        StringBuilder sb = new StringBuilder();
        sb.append("<p class=\"legend\"><span><span class=\"badge kind-false-sharing\">false sharing</span> threads write"
                + " different fields of one line: padding separates them</span><span><span class=\"badge "
                + "kind-true-sharing\">true sharing</span> threads write the same field: padding cannot help</span>"
                + "<span><span class=\"badge kind-latent-false-sharing\">latent false sharing</span> threads write"
                + " fields within a line of each other that this run placed apart: another run may not</span></p>\n");
        sb.append(flameGraph(doc));
        // what this run padded first: in a repair run, the findings are what remains
        List<JsonView> padded = doc.get("repair").list("padded");
        for (int i = 0; i < padded.size(); i++) {
            repaired(sb, i, padded.get(i), lineSize);
        }
        for (int i = 0; i < findings.size(); i++) {
            finding(sb, i, findings.get(i), lineSize);
        }
        return HtmlPage.page("jremix: cache contention", summary, sb.toString());
    }

    /** Estimated misses by finding and site ({@link CacheStacks}); empty without a finding that missed. */
    private static String flameGraph(JsonView doc) {
        String svg = FlameGraph.svg("all findings", CacheStacks.of(doc), misses -> "~" + number(misses) + " misses");
        if (svg.isEmpty()) {
            return "";
        }
        return "<h2>Misses by finding and site</h2>\n<p class=\"summary\">Each box a frame, as wide as the estimated"
                + " coherence misses under it (sampled misses times the sampling ratio), its caller below it: the"
                + " finding, then the code that missed, the program's frame below the JDK frame it called. Misses that"
                + " no site is counted for stay on the finding. Latent false sharing is not drawn: it has no misses"
                + " yet. Hover a box for its misses and share.</p>\n<div id=\"flame-misses\">" + svg + "</div>\n";
    }

    private static void finding(StringBuilder sb, int index, JsonView f, int lineSize) {
        String kind = f.text("kind");
        sb.append("<section class=\"card finding kind-").append(esc(kind)).append("\" id=\"finding-").append(index)
                .append("\" data-kind=\"").append(esc(kind)).append("\">\n<h2><span class=\"badge kind-")
                .append(esc(kind)).append("\">").append(esc(kind.replace('-', ' '))).append("</span> <code>")
                .append(esc(f.text("className"))).append("</code></h2>\n");
        boolean latent = kind.equals(SharingKind.LATENT_FALSE_SHARING.key());
        String events = latent ? " writes" : " misses";
        sb.append("<p>").append(number(f.number("sampled"))).append(events).append(" sampled, ~")
                .append(number(f.number("events"))).append(" in all, ~").append(number(f.number("ratePerSecond")))
                .append(" per second").append(costShare(f, latent)).append("; ").append(esc(f.text("location")))
                .append(f.flag("repairable") ? ", repairable by padding" : ", not repairable by padding")
                .append(".</p>\n");
        List<JsonView> neighbours = f.list("neighbours");
        if (!neighbours.isEmpty()) {
            if (!latent) {
                sb.append("<p>Predicted too, whatever this run's placement:</p>\n");
            }
            sb.append("<ul class=\"neighbours\">");
            neighbours.forEach(n -> sb.append("<li><code>").append(esc(n.text("field")))
                    .append("</code> ").append(readOnly(n, "field")).append("by ")
                    .append(esc(thread(n.get("writer")))).append(" and <code>").append(esc(n.text("other")))
                    .append("</code> ").append(readOnly(n, "other")).append("by ")
                    .append(esc(thread(n.get("otherWriter"))))
                    .append(n.flag("sameObject") ? " in the same object" : " in a neighbouring instance")
                    .append(": ").append(number(n.number("span"))).append(" bytes from first to last byte, ~")
                    .append(number(n.number("ratePerSecond")))
                    .append(n.text("reads").equals("field") || n.text("reads").equals("other") ? " accesses/s each"
                            : " writes/s each").append("</li>"));
            sb.append("</ul>\n");
        }
        Map<String, Long> misses = new LinkedHashMap<>();
        for (JsonView h : f.list("hits")) {
            misses.put(fieldName(h.text("label")), (long) h.number("sampled"));
        }
        Writers writers = Writers.of(f, misses);
        if (f.get("layout").present()) {
            sb.append("<div class=\"layout\" data-state=\"as-run\"><div class=\"line-label\">Layout in this run"
                    + " (from the object's start; where lines fall depends on where the object lies)</div>");
            layout(sb, f.get("layout"), lineSize, writers);
            sb.append("</div>\n");
        }
        sb.append(writers.legend());
        sb.append(new Table("hits-" + index).text("label", "Field [offset]").number("sampled", latent ? "Writes sampled" : "Misses sampled")
                .text("writers", "Written by threads", h -> writers.threads(fieldName(h.text("label"))))
                .render(f.list("hits")));
        sb.append(latent ? "<h3>Code that wrote</h3>" : "<h3>Code that missed</h3>\n<ol class=\"sites mono\">");
        f.list("sites").forEach(s -> sb.append("<li>").append(esc(s.text())).append("</li>"));
        sb.append("</ol>\n");
        JsonView repair = f.get("repair");
        if (repair.present()) {
            sb.append("<p class=\"advice\"><b>").append(esc(repair.text("status"))).append(":</b> ")
                    .append(esc(repair.text("advice"))).append("</p>\n");
        } else {
            sb.append("<p class=\"advice\">").append(esc(advice(f))).append("</p>\n");
        }
        sb.append("</section>\n");
    }

    /** A thread as {@link TracedThread#label} names it; a bare number, as reports gave before names, as {@code #3}. */
    private static String thread(JsonView t) {
        return t.get("name").present() ? new TracedThread((long) t.number("id"), t.text("name")).label()
                : "#" + t.text();
    }

    /** {@code read } when a pair's {@code side} ({@code field} or {@code other}) is only read; written otherwise. */
    private static String readOnly(JsonView neighbours, String side) {
        return neighbours.text("reads").equals(side) ? "read " : "";
    }

    /** What the misses cost their threads, from reports that say it. */
    private static String costShare(JsonView f, boolean latent) {
        if (!f.get("costShare").present()) {
            return "";
        }
        return (latent ? ", would cost its threads " : ", costing its threads ")
                + number(Math.round(f.number("costShare") * 1e6) / 1e4) + "% of their time"
                + (latent ? " if they ran at once" : "");
    }

    /**
     * A class padded in this run: its layout before (unpadded: the profile's, or detection's) and after, side by
     * side, each field coloured by its group, so the groups are seen to move a line apart.
     */
    private static void repaired(StringBuilder sb, int index, JsonView p, int lineSize) {
        String className = p.text("className");
        List<String> groups = new ArrayList<>();
        p.list("groups").forEach(g -> groups.add(String.join(" + ", g.items().stream().map(JsonView::text).toList())));
        sb.append("<section class=\"card repaired\" id=\"repaired-").append(index).append("\" data-class=\"")
                .append(esc(className)).append("\">\n<h2>Padded <code>").append(esc(className)).append("</code></h2>\n")
                .append("<p>Padded at load (plan from the ").append(esc(p.text("source"))).append("): ")
                .append(esc(String.join("; ", groups))).append(", each group a line apart from the others and from"
                        + " neighbouring objects.</p>\n<p class=\"sizes\">").append(esc(sizes(p))).append("</p>\n");
        Writers colours = Writers.ofGroups(p);
        sb.append("<div class=\"side-by-side\">");
        sideLayout(sb, "before", "Before: unpadded, as the run that found it saw it", p.get("layoutBefore"), lineSize,
                colours);
        sideLayout(sb, "after", "After: as padded in this run", p.get("layoutAfter"), lineSize, colours);
        sb.append("</div>\n").append(colours.legend()).append("</section>\n");
    }

    /** Bytes an instance before and after, and the bytes added to the live instances at exit, as far as known. */
    private static String sizes(JsonView p) {
        JsonView before = p.get("instanceBytesBefore");
        JsonView after = p.get("instanceBytesAfter");
        JsonView live = p.get("liveInstances");
        return "Bytes an instance: " + (before.present() ? before.text() : "not known") + " before, "
                + (after.present() ? after.text() : "not known") + " after"
                + (p.get("bytesAdded").present() ? " (+" + p.text("bytesAdded") + ")" : "") + "; live instances at exit: "
                + (live.present() ? live.text() + (p.get("liveBytesAdded").present() ? ", +" + p.text("liveBytesAdded")
                + " bytes in all" : "") : "not counted") + ".";
    }

    private static void sideLayout(StringBuilder sb, String state, String label, JsonView layout, int lineSize,
                                   Writers colours) {
        sb.append("<div class=\"layout\" data-state=\"").append(state).append("\"><div class=\"line-label\"><b>")
                .append(esc(label)).append("</b></div>");
        if (layout.present()) {
            layout(sb, layout, lineSize, colours);
        } else {
            sb.append("<p class=\"line-label\">not known (a profile written before layouts were kept, or no padded"
                    + " copy loaded)</p>");
        }
        sb.append("</div>");
    }

    /** What to do, from the kind alone, when the report carries no repair advice of its own. */
    private static String advice(JsonView f) {
        if (f.text("kind").equals("true-sharing")) {
            return "Threads write the same data: padding cannot help. Give each thread its own copy"
                    + " (LongAdder, thread-local counters) or write less often.";
        }
        return f.flag("repairable")
                ? "Pad the fields apart (@jdk.internal.vm.annotation.Contended with -XX:-RestrictContended, or run"
                        + " with -remix to pad at load)."
                : "Padding a class cannot separate these (array elements, or objects placed next to each other):"
                        + " spread the data out, one line per writer thread.";
    }

    /** The object's bytes, {@code lineSize} to a row: header, fields and the gaps between them. */
    private static void layout(StringBuilder sb, JsonView layout, int lineSize, Writers writers) {
        int header = (int) layout.number("headerBytes");
        int size = (int) layout.number("instanceBytes");
        List<JsonView> fields = layout.list("fields");
        for (int line = 0; line * lineSize < Math.max(size, 1); line++) {
            int start = line * lineSize;
            int end = Math.min(size, start + lineSize);
            sb.append("<div class=\"line-label\">line ").append(line).append(": bytes ").append(start).append('-')
                    .append(end - 1).append("</div><div class=\"line\">");
            int at = start;
            if (header > start) {
                at = Math.min(header, end);
                slot(sb, start, at, lineSize, new Span("header", "header", "object header (" + header + " bytes)"));
            }
            for (JsonView field : fields) {
                int from = Math.max(start, (int) field.number("offset"));
                int to = Math.min(end, (int) (field.number("offset") + field.number("size")));
                if (to <= from) {
                    continue;
                }
                if (from > at) {
                    slot(sb, at, from, lineSize, new Span("gap", "", "gap (alignment or padding)"));
                }
                String name = field.text("name");
                String title = field.text("type") + " " + name + ": offset " + number(field.number("offset")) + ", "
                        + number(field.number("size")) + " bytes, " + writers.describe(name);
                slot(sb, from, to, lineSize, new Span("field", name + " [" + number(field.number("offset")) + "]", title,
                        " data-field=\"" + esc(name) + "\" data-misses=\"" + writers.misses(name) + "\"",
                        ";" + writers.style(name)));
                at = to;
            }
            if (at < end) {
                slot(sb, at, end, lineSize, new Span("gap", "", "padding to the object alignment"));
            }
            if (end < start + lineSize) {
                slot(sb, end, start + lineSize, lineSize, new Span("beyond", "the next object(s)",
                        "the rest of the line, if the object starts a line: whatever was allocated next"));
            }
            sb.append("</div>\n");
        }
    }

    /** One span of bytes of a line, as wide as its share of the line. */
    private static void slot(StringBuilder sb, int from, int to, int lineSize, Span span) {
        sb.append(String.format(Locale.ROOT, "<div class=\"slot %s\" style=\"width:%.3f%%%s\" title=\"%s\"%s>%s</div>",
                span.cls, 100.0 * (to - from) / lineSize, span.style, esc(span.title), span.attributes,
                esc(span.label)));
    }

    /** What a span of a line shows: its class, label, tooltip, and for a field its data attributes and colour. */
    private record Span(String cls, String label, String title, String attributes, String style) {
        Span(String cls, String label, String title) {
            this(cls, label, title, "", "");
        }
    }

    /** {@code head[16]} names {@code head}; an element label such as {@code long[] element [0]} stays whole. */
    static String fieldName(String label) {
        int bracket = label.indexOf('[');
        return bracket > 0 && !label.contains(" ") ? label.substring(0, bracket) : label;
    }

    /**
     * A colour per set a field belongs to: for a finding, the set of threads that write it (darker with more
     * misses); for a padded class, its group.
     */
    private static final class Writers {
        private final Map<String, String> threads;
        private final Map<String, Integer> hues = new LinkedHashMap<>();
        private final Map<String, Long> misses;
        private final long maxMisses;
        /** Sets are a padded class's groups, not writer threads: no misses to shade by. */
        private final boolean groups;

        private Writers(Map<String, String> sets, Map<String, Long> misses, boolean groups) {
            this.threads = sets;
            this.misses = misses;
            this.maxMisses = Math.max(1, misses.values().stream().mapToLong(Long::longValue).max().orElse(1));
            this.groups = groups;
            sets.values().forEach(set -> hues.putIfAbsent(set, (hues.size() * 137 + 200) % 360));
        }

        static Writers of(JsonView finding, Map<String, Long> misses) {
            Map<String, String> sets = new LinkedHashMap<>();
            for (Map.Entry<String, JsonView> e : finding.entries("writers")) {
                List<String> threads = new ArrayList<>();
                e.getValue().items().forEach(t -> threads.add(thread(t)));
                sets.put(e.getKey(), threads.isEmpty() ? "none seen" : String.join(", ", threads));
            }
            return new Writers(sets, misses, false);
        }

        static Writers ofGroups(JsonView padded) {
            Map<String, String> sets = new LinkedHashMap<>();
            List<JsonView> groups = padded.list("groups");
            for (int g = 0; g < groups.size(); g++) {
                for (JsonView field : groups.get(g).items()) {
                    sets.put(field.text(), "group " + (g + 1));
                }
            }
            return new Writers(sets, Map.of(), true);
        }

        /** The tooltip's end for a field. */
        String describe(String field) {
            return groups ? threads.getOrDefault(field, "in no group")
                    : misses(field) + " misses sampled, written by " + threads(field);
        }

        String threads(String field) {
            return threads.getOrDefault(field, "not recorded");
        }

        long misses(String field) {
            return misses.getOrDefault(field, 0L);
        }

        /** Hue by set, darker with more misses; fields in no set stay grey. */
        String style(String field) {
            Integer hue = hues.get(threads(field));
            int lightness = groups ? 60 : (int) Math.round(88 - 43.0 * misses(field) / maxMisses);
            return hue == null ? "background:hsl(0,0%," + lightness + "%)"
                    : "background:hsl(" + hue + ",75%," + lightness + "%)";
        }

        String legend() {
            StringBuilder sb = new StringBuilder("<p class=\"legend writers\">")
                    .append(groups ? "Padded groups: " : "Writer threads: ");
            hues.forEach((set, hue) -> sb.append("<span><span class=\"swatch\" style=\"background:hsl(").append(hue)
                    .append(",75%,60%)\"></span>").append(esc(set)).append("</span>"));
            return sb.append(groups ? "</p>\n" : " (darker: more misses)</p>\n").toString();
        }
    }
}
