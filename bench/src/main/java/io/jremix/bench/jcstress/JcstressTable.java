package io.jremix.bench.jcstress;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.jremix.bench.Machine;
import io.jremix.bench.ResultFiles;
import io.jremix.jcstress.results.Grade;
import io.jremix.jcstress.results.JcstressRun;
import io.jremix.jcstress.results.TestOutcomes;
import io.jremix.jcstress.results.TestSpec;

/**
 * The results of {@code bench/run-jcstress}: per test, the samples with a non-SC outcome plain and under
 * {@code -XX:+VBD}, out of all samples, and the tests that could not run. Markdown at {@code out}, JSON next to it.
 */
public final class JcstressTable {
    private static final String PACKAGE = "io.jremix.jcstress.";

    /**
     * How both runs were made.
     *
     * @param preset     jcstress's {@code -m}
     * @param tests      jcstress's {@code -t}
     * @param extraArgs  further jcstress options given to both runs
     * @param cpus       the CPUs jcstress ran on
     * @param reproduce  the command that makes this table again
     */
    public record Settings(String preset, String tests, List<String> extraArgs, int cpus, String reproduce) {
    }

    /** The two runs read back, each with its wall time. */
    public record Runs(JcstressRun plain, double plainSeconds, JcstressRun vbd, double vbdSeconds) {
    }

    private JcstressTable() {
    }

    public static void write(Path out, Map<String, Object> machine, Settings settings, Runs runs) throws IOException {
        ResultFiles.write(out, markdown(LocalDate.now(), machine, settings, runs), json(machine, settings, runs));
    }

    static String markdown(LocalDate date, Map<String, Object> machine, Settings s, Runs runs) {
        StringBuilder md = new StringBuilder();
        md.append("# jcstress: jremix's own tests, plain java against `bin/jremix -XX:+VBD`\n\n");
        md.append(Machine.measured(date, machine) + String.format(Locale.ROOT, ". jcstress 0.16 `-m %s%s`, every JVM"
                        + " configuration and compilation mode it chose, on %d CPUs: %d forks plain in %.0f s, %d under"
                        + " VBD in %.0f s (%d of them with `-javaagent:...=-XX:+VBD`).%n%n",
                s.preset(),
                s.extraArgs().isEmpty() ? "" : " " + String.join(" ", s.extraArgs()), s.cpus(),
                runs.plain().forks().size(), runs.plainSeconds(), runs.vbd().forks().size(), runs.vbdSeconds(),
                runs.vbd().forksWith(JcstressTable::vbdAgent)));
        md.append("- Each cell is the samples with a non-SC outcome over all samples, summed over the test's forks."
                + " An outcome is non-SC when no interleaving of the actors produces it (the tests mark the others"
                + " `ACCEPTABLE`); *(forbidden)* marks those the Java memory model forbids even for plain accesses"
                + " (word tearing, values out of thin air), the others it allows.\n");
        md.append("- The VBD run starts jcstress under `bin/jremix -XX:+VBD`; jcstress copies its JVM options into"
                + " every fork, so every fork runs under VBD.\n");
        md.append("- A termination test's sample is one run of its spin loop: `STALE` (the loop did not see the store"
                + " within jcstress's 30 s limit) ends the fork, so these tests have few samples.\n\n");
        md.append("Reproduce: `").append(s.reproduce()).append("` (after `mvn -B -DskipTests package`).\n\n");
        md.append("| test | non-SC outcomes | plain java: non-SC / samples | `-XX:+VBD`: non-SC / samples | under VBD |\n");
        md.append("|---|---|---:|---:|---|\n");
        for (String name : names(runs)) {
            TestSpec spec = spec(name, runs);
            md.append("| ").append(shortName(name)).append(" | ").append(nonScCases(spec)).append(" | ")
                    .append(cell(runs.plain(), name)).append(" | ")
                    .append(cell(runs.vbd(), name)).append(" | ")
                    .append(verdict(runs.vbd(), spec)).append(" |\n");
        }
        List<String> notes = new ArrayList<>();
        for (String name : names(runs)) {
            TestSpec spec = spec(name, runs);
            if (spec.vbdLimit() != null) {
                notes.add("- " + shortName(name) + " is a documented limit of VBD: " + spec.vbdLimit() + ".");
            }
            String plain = runs.plain().notRun().get(name);
            String vbd = runs.vbd().notRun().get(name);
            if (plain != null || vbd != null) {
                notes.add("- " + shortName(name) + " did not run" + (plain != null && plain.equals(vbd)
                        ? ": " + plain : (plain != null ? " plain: " + plain : "") + (vbd != null ? " under VBD: " + vbd : ""))
                        + ".");
            }
        }
        errors(runs.plain(), "plain java", notes);
        errors(runs.vbd(), "VBD", notes);
        if (!notes.isEmpty()) {
            md.append('\n').append(String.join("\n", notes)).append('\n');
        }
        return md.toString();
    }

    /** The option {@code bin/jremix -XX:+VBD} starts a JVM with. */
    static boolean vbdAgent(String jvmOption) {
        return jvmOption.startsWith("-javaagent:") && jvmOption.endsWith("=-XX:+VBD");
    }

    private static String nonScCases(TestSpec spec) {
        List<String> cells = new ArrayList<>();
        spec.nonScCases().forEach((id, grade) -> cells.add((id.startsWith("any") ? id : "`" + id + "`")
                + (grade == Grade.NON_SC_FORBIDDEN ? " (forbidden)" : "")));
        return String.join("; ", cells);
    }

    private static void errors(JcstressRun run, String label, List<String> notes) {
        for (String line : run.errors()) {
            notes.add("- Error (" + label + "): " + shortName(line.lines().findFirst().orElse(line)));
        }
    }

    private static String cell(JcstressRun run, String name) {
        TestOutcomes t = run.ran().get(name);
        if (t == null) {
            return "not run";
        }
        return count(t.nonSc()) + " / " + count(t.samples()) + (t.clean() ? "" : " (" + t.errors().size() + " forks failed)");
    }

    /** What the VBD run says about the test: SC as promised, a documented limit, or a failure. */
    static String verdict(JcstressRun vbd, TestSpec spec) {
        TestOutcomes t = vbd.ran().get(spec.name());
        if (t == null) {
            return "–";
        }
        if (!t.clean()) {
            return "**error**";
        }
        if (spec.vbdLimit() != null) {
            return "documented limit";
        }
        if (t.nonSc() == 0) {
            return "SC";
        }
        return "**not SC**: " + String.join("; ", t.nonScCounts().keySet().stream().map(id -> "`" + id + "`").toList());
    }

    static Map<String, Object> json(Map<String, Object> machine, Settings s, Runs runs) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("jcstress", "0.16");
        json.put("preset", s.preset());
        json.put("tests", s.tests());
        json.put("extraArgs", s.extraArgs());
        json.put("cpus", s.cpus());
        json.put("plainSeconds", runs.plainSeconds());
        json.put("vbdSeconds", runs.vbdSeconds());
        json.put("plainForks", runs.plain().forks().size());
        json.put("vbdForks", runs.vbd().forks().size());
        json.put("vbdForksWithAgent", runs.vbd().forksWith(JcstressTable::vbdAgent));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String name : names(runs)) {
            TestSpec spec = spec(name, runs);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("test", name);
            row.put("description", spec.description());
            row.put("actors", spec.actors());
            Map<String, String> nonSc = new LinkedHashMap<>();
            spec.nonScCases().forEach((id, grade) -> nonSc.put(id, grade == Grade.NON_SC_FORBIDDEN ? "forbidden" : "allowed"));
            row.put("nonScOutcomes", nonSc);
            row.put("vbdLimit", spec.vbdLimit());
            row.put("plain", run(runs.plain(), name));
            row.put("vbd", run(runs.vbd(), name));
            row.put("vbdVerdict", verdict(runs.vbd(), spec).replace("*", "").replace("`", ""));
            rows.add(row);
        }
        json.put("rows", rows);
        return json;
    }

    private static Map<String, Object> run(JcstressRun run, String name) {
        Map<String, Object> m = new LinkedHashMap<>();
        TestOutcomes t = run.ran().get(name);
        if (t == null) {
            m.put("ran", false);
            m.put("reason", run.notRun().get(name));
            return m;
        }
        m.put("ran", true);
        m.put("forks", t.forks());
        m.put("samples", t.samples());
        m.put("nonSc", t.nonSc());
        m.put("nonScCounts", t.nonScCounts());
        m.put("counts", t.counts());
        m.put("errors", t.errors());
        m.put("messages", t.messages());
        return m;
    }

    /** Every test either run selected, by name. */
    private static List<String> names(Runs runs) {
        TreeSet<String> names = new TreeSet<>(runs.plain().selected().keySet());
        names.addAll(runs.vbd().selected().keySet());
        return List.copyOf(names);
    }

    private static TestSpec spec(String name, Runs runs) {
        TestSpec spec = runs.plain().selected().get(name);
        return spec != null ? spec : runs.vbd().selected().get(name);
    }

    static String shortName(String name) {
        return name.startsWith(PACKAGE) ? name.substring(PACKAGE.length()) : name.replace(PACKAGE, "");
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n).replace(',', ' ');
    }
}
