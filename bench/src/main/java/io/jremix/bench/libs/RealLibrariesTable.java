package io.jremix.bench.libs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jremix.bench.Machine;
import io.jremix.bench.RoundsPlan;
import io.jremix.bench.RoundsTable;

/** Writes {@link RealLibraries}' results: findings and times per case, as Markdown and JSON. */
final class RealLibrariesTable {
    private RealLibrariesTable() {
    }

    @SuppressWarnings("unchecked")
    static void write(Path out, Map<String, Object> machine, RoundsPlan plan, double scale,
                      List<Map<String, Object>> rows) throws IOException {
        StringBuilder md = new StringBuilder("# False sharing in real libraries: their hand padding removed\n\n");
        md.append(Machine.measured(machine) + String.format(Locale.ROOT, ", **under a load average of %.1f at"
                        + " the start and %.1f at the end** (other builds share the cores; the run's own two busy"
                        + " threads add about 2). Each JVM runs the driver %d rounds (the first %d warm-up); cells are"
                        + " the median over %d JVMs of the mean ms per round, the variants interleaved JVM by JVM;"
                        + " item counts ×%s.%n%n",
                machine.get("loadAverageBefore"), machine.get("loadAverageAfter"), plan.rounds(), plan.warmup(),
                plan.runs(), scale));
        md.append("- **unpadded**: `java` with the library jar that `PadStripper` made: the published classes minus"
                + " their pad fields (for LongAdder, the JDK with `-XX:ContendedPaddingWidth=0`).\n");
        md.append("- **profile**: `bin/jremix -XX:REMIXProfile=FILE` on the unpadded jar, with the profile that the"
                + " detection runs on it (`-remix:detect -XX:REMIXProfile=FILE`, column *learn runs*) wrote.\n");
        md.append("- **profile pads**: the library's classes in that profile, each field group padded onto lines of"
                + " its own.\n");
        md.append("- **padded**: `java` with the jar as published on Maven Central, padded by its authors.\n");
        md.append("- **findings**: what `-remix:detect` reported on the library's own classes (array elements and"
                + " classes of other packages left out), in the learning runs on the unpadded jar and in one run on"
                + " the published one.\n\n");
        md.append("REMIX (Eizenberg et al., PLDI 2016, <https://doi.org/10.1145/2908080.2908090>) reported repair"
                + " speed-ups of 1.5–2× on the Disruptor and Spring Reactor with their padding removed, matching hand"
                + " optimisation.\n\n");
        md.append("| case | driver | findings on unpadded (learn runs) | profile pads | findings on padded | unpadded"
                + " | profile | padded | padding buys (unpadded / padded) | profile / padded |\n");
        md.append("|---|---|---|---|---|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> r : rows) {
            double unpadded = (double) r.get("unpaddedMs");
            double padded = (double) r.get("paddedMs");
            Object profile = r.get("profileMs");
            List<String> pads = (List<String>) r.get("profilePads");
            md.append(String.format(Locale.ROOT, "| %s | `%s` | %s (%d) | %s | %s | %.0f | %s | %.0f | %.2f× | %s |%n",
                    r.get("case"), r.get("command"), findings(r.get("unpaddedFindings")), (int) r.get("learnRuns"),
                    profile == null ? "—" : pads.isEmpty() ? "nothing learned" : String.join("<br>", pads),
                    findings(List.of(r.get("paddedFindings"))), unpadded,
                    profile == null ? "—" : String.format(Locale.ROOT, "%.0f", (double) profile), padded,
                    unpadded / padded,
                    profile == null ? "—" : String.format(Locale.ROOT, "%.2f×", (double) profile / padded)));
        }
        md.append("\nReproduce: `bench/run-real-libraries` (after `mvn -B -DskipTests package`; `--runs`, `--rounds`,"
                + " `--scale` for a longer run on a quiet machine). Per-JVM times are in the JSON next to this file.\n");
        RoundsTable.write(out, md.toString(), machine, plan, rows);
    }

    /** The distinct findings of one or more detection runs, or "none". */
    @SuppressWarnings("unchecked")
    private static String findings(Object runs) {
        List<String> distinct = ((List<List<String>>) runs).stream().flatMap(List::stream).distinct().toList();
        return distinct.isEmpty() ? "none" : String.join("<br>", distinct);
    }
}
