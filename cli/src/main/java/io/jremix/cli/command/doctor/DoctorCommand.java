package io.jremix.cli.command.doctor;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jremix.cli.command.HelpCommand;
import io.jremix.cli.command.VersionCommand;
import io.jremix.core.Counted;
import io.jremix.core.jvm.JvmDescription;
import io.jremix.options.DoctorCommandOptions;
import io.jremix.options.OptionException;
import io.jremix.options.Values;
import io.jremix.report.AtomicFiles;
import io.jremix.report.Json;

/**
 * {@code bin/jremix doctor [--json FILE]}: runs every check, prints one line each and a summary, optionally writes
 * them as JSON. Exit code 0 whatever the checks find (they describe, they do not fail); 2 for a bad option or a JSON
 * file that cannot be written.
 */
public final class DoctorCommand {
    private static final int USAGE = 2;
    private static final String HELP = """
            Usage: bin/jremix doctor [--json FILE]
            Reports what this machine and this java offer to jremix: one line per check,
              [ok|warn|info] <check>: <value> — <consequence for jremix>; <fix hint>
            then a summary. Checks: performance counters, CPU, virtualisation, cores, NUMA, C-states, governor,
            turbo, THP, isolcpus, perf_event_paranoid, cache line, @Contended, GC, compressed oops.
            """ + HelpCommand.options(DoctorCommandOptions.SECTION) + HelpCommand.line("-h, --help", "print this help");

    private final SystemFiles files;
    private final Commands commands;
    private final JvmDescription jvm;

    DoctorCommand(Path root, Commands commands, JvmDescription jvm) {
        this.files = new SystemFiles(root);
        this.commands = commands;
        this.jvm = jvm;
    }

    public static void main(String[] args) {
        DoctorCommand doctor = new DoctorCommand(Path.of("/"), Commands.SYSTEM, JvmDescription.current());
        System.exit(doctor.run(args, System.out, System.err));
    }

    int run(String[] args, PrintStream out, PrintStream err) {
        if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
            out.print(HELP);
            return 0;
        }
        Values values;
        try {
            values = DoctorCommandOptions.SECTION.parseCommand(List.of(args));
        } catch (OptionException e) {
            return usage(err, e.getMessage());
        }
        Path json = values.get(DoctorCommandOptions.JSON);
        List<Check> checks = checks();
        out.println("jremix: doctor: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + " (" + System.getProperty("java.home") + "), default options");
        checks.forEach(c -> out.println(c.line()));
        out.println(summary(checks));
        if (json != null) {
            try {
                AtomicFiles.write(json, Json.write(toJson(checks)));
            } catch (IOException e) {
                err.println("jremix: doctor: cannot write '" + values.text(DoctorCommandOptions.JSON) + "': "
                        + e.getMessage());
                return USAGE;
            }
        }
        return 0;
    }

    List<Check> checks() {
        List<Check> checks = new ArrayList<>(new MachineChecks(files, commands, jvm).all());
        checks.addAll(new JvmChecks(jvm).all());
        return checks;
    }

    /** Counts by status, the checks that warn, and whether detection works here. */
    static String summary(List<Check> checks) {
        long ok = count(checks, Check.Status.OK);
        long info = count(checks, Check.Status.INFO);
        List<String> warned = checks.stream().filter(c -> c.status() == Check.Status.WARN).map(Check::name).toList();
        String warnings = Counted.of(warned.size(), "warning")
                + (warned.isEmpty() ? "" : " (" + String.join(", ", warned) + ")");
        String verdict;
        if (warned.contains("cores")) {
            verdict = "with one CPU no contention can happen, so detection finds nothing";
        } else if (warned.contains("GC")) {
            verdict = "detection is off under this java's default collector; choose G1, Parallel or Serial";
        } else {
            verdict = "detection works without hardware counters";
        }
        return "jremix: doctor: " + ok + " ok, " + warnings + ", " + info + " info: " + verdict + ".";
    }

    private Map<String, Object> toJson(List<Check> checks) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "jremix");
        doc.put("version", VersionCommand.current());
        doc.put("report", "doctor");
        Map<String, Object> java = new LinkedHashMap<>();
        java.put("home", System.getProperty("java.home"));
        java.put("version", System.getProperty("java.vm.version"));
        java.put("vendor", System.getProperty("java.vm.vendor"));
        doc.put("java", java);
        doc.put("checks", checks.stream().map(Check::toJson).toList());
        doc.put("summary", summary(checks));
        return doc;
    }

    private static long count(List<Check> checks, Check.Status status) {
        return checks.stream().filter(c -> c.status() == status).count();
    }

    private static int usage(PrintStream err, String problem) {
        err.println("jremix: doctor: " + problem + " (see bin/jremix doctor --help)");
        return USAGE;
    }
}
