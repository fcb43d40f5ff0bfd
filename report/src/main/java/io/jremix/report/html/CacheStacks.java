package io.jremix.report.html;

import java.util.ArrayList;
import java.util.List;

import io.jremix.core.cache.SharingKind;

/**
 * A cache report's estimated coherence misses by stack, for a flame graph: each finding (its class, fields and kind)
 * with the code sites that missed beneath it, a site's frames outermost first (the program's frame, then the JDK's
 * frame it called, for a site named {@code caller via jdk-frame}). A site's share of the finding's estimated misses
 * is its share of the sampled ones; misses without a counted site (blamed on the class by another class's access,
 * or at a site past the first few, or in a report without site counts) stay on the finding alone. Latent false
 * sharing is left out: its counts are writes that would miss under another placement, not misses.
 */
final class CacheStacks {
    /** How {@code SiteCallers} joins the program's frame and the JDK frame it called. */
    private static final String VIA = " via ";

    private CacheStacks() {
    }

    static List<CollapsedStacks.Stack> of(JsonView doc) {
        List<CollapsedStacks.Stack> out = new ArrayList<>();
        for (JsonView f : doc.list("findings")) {
            if (f.text("kind").equals(SharingKind.LATENT_FALSE_SHARING.key())) {
                continue;
            }
            long events = (long) f.number("events");
            double sampled = f.number("sampled");
            List<JsonView> sites = f.list("sites");
            List<JsonView> counts = f.list("siteSampled");
            long placed = 0;
            for (int i = 0; i < sites.size() && i < counts.size() && sampled > 0; i++) {
                long misses = Math.round(events * counts.get(i).number() / sampled);
                List<String> frames = new ArrayList<>(List.of(finding(f)));
                frames.addAll(List.of(sites.get(i).text().split(VIA)));
                out.add(new CollapsedStacks.Stack(frames, misses));
                placed += misses;
            }
            out.add(new CollapsedStacks.Stack(List.of(finding(f)), events - placed));
        }
        return out;
    }

    /** {@code a.Tally.value (false sharing)}; {@code long[] elements (true sharing)}; statics say so. */
    private static String finding(JsonView f) {
        List<String> fields = f.list("fields").stream().map(JsonView::text).toList();
        String data = f.text("location").equals("element") || fields.isEmpty() ? " elements"
                : "." + String.join(",", fields);
        return f.text("className") + data + " (" + f.text("kind").replace('-', ' ')
                + (f.text("location").equals("static") ? ", static" : "") + ")";
    }
}
