package io.jremix.bench.corpus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.jremix.bench.Machine;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;
import io.jremix.bench.Stats;
import io.jremix.report.cache.CacheTextReport;

/**
 * Writes {@link CorpusBench}'s results: the table of the bugs, before and after their fix, then what each bug's runs
 * reported.
 */
final class CorpusTable {
    private CorpusTable() {
    }

    static void write(Path out, String command, Map<String, Object> machine, RoundsPlan plan, boolean load,
                      List<Outcome> outcomes) throws IOException {
        StringBuilder md = new StringBuilder("# Corpus: historical false-sharing bugs, before and after their fix\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ", under a load average of %.1f at the"
                        + " start and %.1f at the end (the drivers' own two busy threads add about 2). Command: `%s`."
                        + " Each cell counts %d runs; times are the median over %d JVMs of the mean ms per round"
                        + " (%d rounds, the first %d warm-up), the variants interleaved JVM by JVM.%n%n",
                machine.get("loadAverageBefore"), machine.get("loadAverageAfter"), command, plan.runs(), plan.runs(),
                plan.rounds(), plan.warmup()));
        md.append("- **found**: `-remix:detect` at the defaults on the version before names every field the fix"
                + " separated in its false-sharing findings, observed (the misses alone) or latent (predicted);"
                + " *loaded*: the same beside a busy loop on every core (`--load`).\n");
        md.append("- **after silent**: the version after reports no false sharing, observed or latent, that puts two"
                + " of those fields on one line (for a fix of one field: that names it), at the defaults (1×) and at ten"
                + " times the default sensitivity (10×: `" + String.join(" ", Sensitivity.tenTimes()) + "`). Findings"
                + " on other lines of the classes the fix changed are listed under each bug, not counted.\n");
        md.append("- **before ÷ fixed**, **repaired ÷ fixed**: times of the version before, plain and padded from the"
                + " profile its detection runs learned (`-XX:REMIXProfile`), over the version after. Where the fix's"
                + " release changed more than the padding, before ÷ fixed is more than the bug's cost.\n");
        md.append("- **bytes added**: per instance of each padded class, from the layouts before and after in the"
                + " report of a run padded from the profile.\n\n");
        md.append("| bug | link | versions | found at the defaults | found, loaded | after silent, 1× | after silent,"
                + " 10× | before ÷ fixed | repaired ÷ fixed | bytes added |\n");
        md.append("|---|---|---|---|---|---|---|---:|---:|---|\n");
        for (Outcome o : outcomes) {
            double fixed = o.medianMs(Outcome.Variant.FIXED);
            md.append(String.format(Locale.ROOT, "| %s | <%s> | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    o.bug.title(), o.bug.link(), o.bug.source().versions(), found(o.before),
                    o.loaded == null ? "not run" : found(o.loaded), silent(o.afterDefaults), silent(o.afterTenTimes),
                    ratio(o.medianMs(Outcome.Variant.BEFORE), fixed),
                    o.learned.isEmpty() ? "— (nothing learned)" : ratio(o.medianMs(Outcome.Variant.REPAIRED), fixed),
                    o.error != null ? "error: " + o.error.lines().findFirst().orElse("") : bytesAdded(o.repair)));
        }
        md.append("\n## Each bug\n");
        for (Outcome o : outcomes) {
            details(md, o);
        }
        md.append("\nReproduce: `").append(command).append("` (after `mvn -B -DskipTests package`). Every run's"
                + " findings on the bug's fields, the entries below the thresholds and the per-JVM times are in the"
                + " JSON next to this file.\n");
        RoundsTable.write(out, md.toString(), machine, plan, outcomes.stream().map(Outcome::json).toList());
    }

    private static void details(StringBuilder md, Outcome o) {
        md.append("\n### ").append(o.bug.title()).append(" (`").append(o.bug.id()).append("`)\n\n");
        md.append("- ").append(o.bug.source().versions()).append("; driver `").append(o.bug.driver().getSimpleName())
                .append(' ').append(o.bug.variant()).append(' ').append(o.bug.items()).append("`; the fix separated ")
                .append(o.bug.expected().stream().map(f -> "`" + f + "`").collect(Collectors.joining(", ")))
                .append(".\n");
        if (o.error != null) {
            md.append("- **error**: ").append(o.error.lines().findFirst().orElse("")).append('\n');
        }
        md.append("- before, at the defaults: ").append(runs(o.before)).append('\n');
        if (o.loaded != null) {
            md.append("- before, loaded: ").append(runs(o.loaded)).append('\n');
        }
        md.append("- after, 1×: ").append(noise(o.afterDefaults)).append('\n');
        md.append("- after, 10×: ").append(noise(o.afterTenTimes)).append('\n');
        md.append("- profile learned: ").append(o.learned.isEmpty() ? "nothing" : String.join("; ", o.learned))
                .append('\n');
        if (!o.times.isEmpty()) {
            md.append("- ms per round, median (min–max): ").append(o.times.entrySet().stream()
                    .map(e -> e.getKey().name().toLowerCase(Locale.ROOT) + " "
                            + Stats.medianRange(e.getValue(), "%.0f"))
                    .collect(Collectors.joining(", "))).append('\n');
        }
    }

    /** {@code 3/5 (2 observed, 1 latent)}. */
    private static String found(List<Detection> runs) {
        long observed = runs.stream().filter(d -> d.found() == Detection.Found.OBSERVED).count();
        long latent = runs.stream().filter(d -> d.found() == Detection.Found.LATENT).count();
        return String.format(Locale.ROOT, "%d/%d (%d observed, %d latent)", observed + latent, runs.size(), observed,
                latent);
    }

    private static String silent(List<Detection> runs) {
        return runs.stream().filter(Detection::silent).count() + "/" + runs.size();
    }

    private static String ratio(double ms, double fixedMs) {
        return Double.isNaN(ms) || Double.isNaN(fixedMs) ? "—" : String.format(Locale.ROOT, "%.2f×", ms / fixedMs);
    }

    /**
     * Each run: how it found the bug and what the fields cost their threads, or what they cost below the share a
     * finding needs.
     */
    private static String runs(List<Detection> runs) {
        List<String> out = new ArrayList<>();
        for (Detection d : runs) {
            String share = CacheTextReport.percent(d.costShare());
            String needed = CacheTextReport.percent(((Number) d.settings().getOrDefault("costShare", 0)).doubleValue());
            out.add(switch (d.found()) {
                case OBSERVED, LATENT -> d.found().name().toLowerCase(Locale.ROOT) + " " + share;
                case NO -> "no (" + (d.naming().isEmpty() && d.below().isEmpty() ? "nothing on the fields"
                        : "on the fields: " + share) + ", needed " + needed + ")";
            });
        }
        return String.join("; ", out) + ". Named: "
                + distinct(runs.stream().flatMap(d -> d.naming().stream()).toList());
    }

    /** Silent runs, what the others reported on the fix's lines, and what all reported elsewhere in its classes. */
    static String noise(List<Detection> runs) {
        List<Map<String, Object>> onFixLine = runs.stream().flatMap(d -> d.onFixLine().stream()).toList();
        List<Map<String, Object>> elsewhere = runs.stream().flatMap(d -> d.inScope().stream())
                .filter(f -> !onFixLine.contains(f)).toList();
        return silent(runs) + " silent" + (onFixLine.isEmpty() ? "" : "; on the fix's lines: " + distinct(onFixLine))
                + (elsewhere.isEmpty() ? "" : "; elsewhere in its classes, not counted: " + distinct(elsewhere));
    }

    private static String distinct(List<Map<String, Object>> findings) {
        List<String> names = findings.stream().map(f -> "`" + f.get("className") + "::" + f.get("fields") + "` ("
                + f.get("kind") + ")").distinct().toList();
        return names.isEmpty() ? "nothing" : String.join(", ", names);
    }

    /**
     * The bytes padding added to each padded class, per instance and over its instances live at exit, from the
     * {@code repair} section of a report; {@code n/a} where the report does not know them.
     */
    @SuppressWarnings("unchecked")
    static String bytesAdded(Object repair) {
        if (!(repair instanceof Map<?, ?> section) || !(section.get("padded") instanceof List<?> padded)
                || padded.isEmpty()) {
            return "n/a (nothing padded)";
        }
        List<String> out = new ArrayList<>();
        for (Object p : padded) {
            Map<String, Object> c = (Map<String, Object>) p;
            String name = (String) c.get("className");
            String simple = name.substring(name.lastIndexOf('.') + 1);
            if (c.get("bytesAdded") instanceof Number added) {
                out.add("+" + added + " B per `" + simple + "`" + (c.get("liveBytesAdded") instanceof Number live
                        ? String.format(Locale.ROOT, ", +%,d B over %s live", live.longValue(), c.get("liveInstances"))
                        : ""));
            } else {
                out.add("n/a for `" + simple + "` (no layouts)");
            }
        }
        return String.join(", ", out);
    }
}
