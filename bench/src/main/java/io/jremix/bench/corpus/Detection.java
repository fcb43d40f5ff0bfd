package io.jremix.bench.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What one {@code -remix:detect} run reported about a bug, read from its JSON report ({@code docs/reports.md}).
 *
 * @param found     whether the false-sharing findings name every field the fix separated, and how
 * @param naming    the false-sharing findings (observed or latent) that name one of those fields, summarised
 * @param below     the entries below the thresholds that name one of them, summarised: how close the run came
 * @param onFixLine the false-sharing findings that put fields the fix separated on one line, summarised: what an
 *                  after-version must not have ({@link #onFixLine})
 * @param inScope   the false-sharing findings on what the fix changed, summarised: those on other lines are listed,
 *                  not counted
 * @param settings  the report's {@code settings}: the thresholds it ran at
 * @param trace     the report's {@code trace}: how much the run sampled
 */
public record Detection(Found found, List<Map<String, Object>> naming, List<Map<String, Object>> below,
                        List<Map<String, Object>> onFixLine, List<Map<String, Object>> inScope,
                        Map<String, Object> settings, Map<String, Object> trace) {
    private static final Set<String> FALSE_SHARING = Set.of("false-sharing", "latent-false-sharing");
    /** The cache line of the machines measured; two fields within this span can share one in some placement. */
    private static final int LINE_BYTES = 64;
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
                summaries(falseSharing.stream().filter(f -> onFixLine(bug, f)).toList()),
                summaries(falseSharing.stream().filter(f -> bug.inScope((String) f.get("className"))).toList()),
                (Map<String, Object>) report.getOrDefault("settings", Map.of()),
                (Map<String, Object>) report.getOrDefault("trace", Map.of()));
    }

    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("found", found.name().toLowerCase(Locale.ROOT));
        m.put("silent", silent());
        m.put("naming", naming);
        m.put("onFixLine", onFixLine);
        m.put("belowThreshold", below);
        m.put("inScope", inScope);
        m.put("settings", settings);
        m.put("trace", trace);
        return m;
    }

    /** Whether the run reported no false sharing that puts the fields the fix separated on one line. */
    public boolean silent() {
        return onFixLine.isEmpty();
    }

    /**
     * The highest share of their threads' time that the bug's fields cost, among the findings that name them, or
     * below the thresholds: a fraction, as the report's {@code costShare}.
     */
    public double costShare() {
        return (naming.isEmpty() ? below : naming).stream()
                .mapToDouble(f -> ((Number) f.getOrDefault("costShare", 0)).doubleValue()).max().orElse(0);
    }

    /**
     * Whether finding {@code f} shows what the fix undid: for a fix of one field, a finding that names it; for a fix
     * that separated several, a finding that puts two of them on one line. Two of its own fields are on one line when
     * its layout has them within {@value #LINE_BYTES} bytes of each other (the finding lists the fields of all its
     * contended lines: ForkJoinPool's padded {@code WorkQueue} still misses on {@code base} and on {@code top}, 128
     * bytes apart); one of its own and one that other threads wrote on its lines, or a predicted pair, are.
     */
    @SuppressWarnings("unchecked")
    static boolean onFixLine(Bug bug, Map<String, Object> f) {
        String className = (String) f.get("className");
        Map<String, String> own = new LinkedHashMap<>(); // the bug's field each of the finding's own fields is
        for (String field : (List<String>) f.getOrDefault("fields", List.of())) {
            String expected = expected(bug, className + "::" + field);
            if (expected != null) {
                own.put(field, expected);
            }
        }
        Set<String> conflicting = new LinkedHashSet<>();
        for (String named : (List<String>) f.getOrDefault("conflictsWith", List.of())) {
            conflicting.add(expected(bug, named));
        }
        conflicting.remove(null);
        if (bug.expected().size() == 1) {
            return !own.isEmpty() || !conflicting.isEmpty();
        }
        for (Map<String, Object> n : (List<Map<String, Object>>) f.getOrDefault("neighbours", List.of())) {
            if (apart(expected(bug, className + "::" + n.get("field")), expected(bug, (String) n.get("other")))) {
                return true;
            }
        }
        for (String e : own.values()) {
            if (conflicting.stream().anyMatch(c -> apart(e, c))) {
                return true;
            }
        }
        return withinALine(own, (Map<String, Object>) f.get("layout"));
    }

    /** Whether {@code a} and {@code b} are two different fields of the bug's. */
    private static boolean apart(String a, String b) {
        return a != null && b != null && !a.equals(b);
    }

    /**
     * The bug's field that {@code named} ({@code Class::field}) is: itself, or on a class the fix changed the field
     * of that name (a JDK superclass's field is named {@code AtomicReference.value}); {@code null} for none.
     */
    private static String expected(Bug bug, String named) {
        if (named == null || bug.expected().contains(named)) {
            return named;
        }
        int sep = named.indexOf("::");
        if (sep < 0 || !bug.inScope(named.substring(0, sep))) {
            return null;
        }
        return declaredAs(bug, named.substring(sep + 2)).findFirst().orElse(null);
    }

    /** The bug's fields declared with {@code field}'s name, as a finding names it ({@code AtomicReference.value}). */
    private static Stream<String> declaredAs(Bug bug, String field) {
        String declared = "::" + field.substring(field.lastIndexOf('.') + 1);
        return bug.expected().stream().filter(e -> e.endsWith(declared));
    }

    /**
     * Whether two of the finding's own fields that are different fields of the bug's ({@code own}: field to the bug's
     * field) lie within one line in {@code layout}; with no layout to tell, whether there are two such (counted, as the
     * report cannot say they are apart).
     */
    @SuppressWarnings("unchecked")
    private static boolean withinALine(Map<String, String> own, Map<String, Object> layout) {
        if (new HashSet<>(own.values()).size() < 2) {
            return false;
        }
        if (layout == null) {
            return true;
        }
        Map<String, long[]> spans = new LinkedHashMap<>(); // the bug's field to its bytes, [first, end)
        for (Map<String, Object> entry : (List<Map<String, Object>>) layout.getOrDefault("fields", List.of())) {
            String expected = own.get((String) entry.get("name"));
            if (expected != null) {
                long offset = ((Number) entry.get("offset")).longValue();
                spans.put(expected, new long[] {offset, offset + ((Number) entry.get("size")).longValue()});
            }
        }
        for (long[] a : spans.values()) {
            for (long[] b : spans.values()) {
                if (a != b && Math.max(a[1], b[1]) - Math.min(a[0], b[0]) <= LINE_BYTES) {
                    return true;
                }
            }
        }
        return false;
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
                    declaredAs(bug, field).forEach(names::add);
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
