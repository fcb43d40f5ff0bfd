package io.jremix.cli.command.signal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.report.AtomicFiles;

/** {@code bin/jremix signal}: runs every mechanism with every pair count asked for and reports. */
public final class SignalCommand {
    private SignalCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the benchmark; returns the exit code (0 done, 1 failed, 2 bad arguments). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
            out.print(SignalOptions.USAGE);
            return 0;
        }
        SignalOptions options;
        try {
            options = SignalOptions.parse(args);
        } catch (OptionException e) {
            err.println("jremix signal: " + e.getMessage() + " (see --help)");
            return 2;
        }
        SignalBenchmark benchmark = new SignalBenchmark(options.rate(), options.warmupSeconds(), options.durationSeconds());
        List<SignalResult> results = new ArrayList<>();
        try {
            for (Mechanism m : options.mechanisms()) {
                for (int pairs : options.pairs()) {
                    err.println("jremix signal: " + m.label() + ", " + pairs + " pair(s)");
                    results.add(benchmark.run(m, pairs));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("jremix signal: interrupted");
            return 1;
        } catch (IllegalStateException e) {
            err.println("jremix signal: " + e.getMessage());
            return 1;
        }
        SignalReport report = new SignalReport(options, results, SignalReport.machine());
        out.print(report.text());
        try {
            write(options.csv(), report.csv());
            write(options.json(), report.json());
            write(options.markdown(), report.markdown("bin/jremix signal " + String.join(" ", args)));
        } catch (IOException e) {
            err.println("jremix signal: cannot write " + e.getMessage());
            return 1;
        }
        return 0;
    }

    private static void write(Path file, String content) throws IOException {
        if (file != null) {
            AtomicFiles.write(file, content);
        }
    }
}
