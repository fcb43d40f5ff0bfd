package io.jremix.bench.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one {@code -remix:detect} run reported about a bug, read from its JSON report ({@code docs/reports.md}).
 *
 * @param found     whether the false-sharing findings name every field the fix separated, and how
 * @param naming    the false-sharing findings (observed or latent) that name one of those fields, summarised
 * @param below     the entries below the thresholds that name one of them, summarised: how close the run came
 * @param inScope   the false-sharing findings on what the fix changed, summarised: what an after-version must not
 *                  have
 * @param settings  the report's {@code settings}: the thresholds it ran at
 * @param trace     the report's {@code trace}: how much the run sampled
 */
public record Detection(Found found, List<Map<String, Object>> naming, List<Map<String, Object>> below,
                        List<Map<String, Object>> inScope, Map<String, Object> settings, Map<String, Object> trace) {
    private static final Set<String> FALSE_SHARING = Set.of("false-sharing", "latent-false-sharing");
    /** The keys of a finding that a summary leaves out: long lists of code and layout, kept in the report itself. */
    private static final Set<String> BULKY = Set.of("hits", "sites", "layout", "writers", "repair");

    /** How a run found a bug: observed (the misses alone name the fields), predicted only, or not at all. */
    public enum Found { OBSERVED, LATENT, NO }

    /** The run's report on {@code bug}. */
    @SuppressWarnings("unchecked")
    public static Detection of(Bug bug, Map<String, Object> report) {
        List<Map<String, Object>> findings = (List<Map<String, Object>>) report.getOrDefault("findings", List.of());
        List<Map<String, Object>> belowThreshold =
                (List<Map<String, Object>>) report.getOrDefault("belowThreshold", List.of());
        List<Map<String, Object>> falseSharing = findings.stream().filter(f -> FALSE_SHARING.contains(f.get("kind")))
                .toList();
        List<Map<String, Object>> observed = falseSharing.stream().filter(f -> f.get("kind").equals("false-sharing"))
                .toList();
        Found found = names(bug, observed).containsAll(bug.expected()) ? Found.OBSERVED
                : names(bug, falseSharing).containsAll(bug.expected()) ? Found.LATENT : Found.NO;
        return new Detection(found, summaries(naming(bug, falseSharing)), summaries(naming(bug, belowThreshold)),
                summaries(falseSharing.stream().filter(f -> bug.inScope((String) f.get("className"))).toList()),
                (Map<String, Object>) report.getOrDefault("settings", Map.of()),
                (Map<String, Object>) report.getOrDefault("trace", Map.of()));
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("found", found.name().toLowerCase(Locale.ROOT));
        m.put("silent", silent());
        m.put("naming", naming);
        m.put("belowThreshold", below);
        m.put("inScope", inScope);
        m.put("settings", settings);
        m.put("trace", trace);
        return m;
    }

    /** Whether the run reported no false sharing on what the fix changed, nor on the fields it separated. */
    public boolean silent() {
        return naming.isEmpty() && inScope.isEmpty();
    }

    /**
     * The highest share of their threads' time that the bug's fields cost, among the findings that name them, or
     * below the thresholds: a fraction, as the report's {@code costShare}.
     */
    public double costShare() {
        return (naming.isEmpty() ? below : naming).stream()
                .mapToDouble(f -> ((Number) f.getOrDefault("costShare", 0)).doubleValue()).max().orElse(0);
    }

    /** The findings among {@code entries} that name one of the bug's fields. */
    private static List<Map<String, Object>> naming(Bug bug, List<Map<String, Object>> entries) {
        return entries.stream().filter(f -> bug.expected().stream().anyMatch(names(bug, List.of(f))::contains))
                .toList();
    }

    /**
     * The {@code Class::field} names that {@code findings} give: each one's fields (in its class, or as declared in a
     * superclass when the finding is on a class the fix changed: a JDK superclass's field is named
     * {@code AtomicReference.value}), what other threads read on its lines ({@code conflictsWith}) and the fields it
     * was predicted to share a line with ({@code neighbours}).
     */
    @SuppressWarnings("unchecked")
    private static Set<String> names(Bug bug, List<Map<String, Object>> findings) {
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Object> f : findings) {
            String className = (String) f.get("className");
            for (String field : (List<String>) f.getOrDefault("fields", List.of())) {
                names.add(className + "::" + field);
                if (bug.inScope(className)) {
                    String declared = field.substring(field.lastIndexOf('.') + 1);
                    bug.expected().stream().filter(e -> e.endsWith("::" + declared)).forEach(names::add);
                }
            }
            names.addAll((List<String>) f.getOrDefault("conflictsWith", List.of()));
            for (Map<String, Object> n : (List<Map<String, Object>>) f.getOrDefault("neighbours", List.of())) {
                names.add((String) n.get("other"));
            }
        }
        return names;
    }

    /** Each finding without its bulky keys; neighbours reduced to the fields they name. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> summaries(List<Map<String, Object>> findings) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> f : findings) {
            Map<String, Object> summary = new LinkedHashMap<>(f);
            summary.keySet().removeAll(BULKY);
            summary.computeIfPresent("neighbours", (k, v) -> ((List<Map<String, Object>>) v).stream()
                    .map(n -> n.get("other")).distinct().toList());
            out.add(summary);
        }
        return out;
    }
}
