package io.jremix.cli.signal;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The command line of {@code bin/jremix signal}; {@link #parse} rejects bad arguments with a message. */
record SignalOptions(List<Mechanism> mechanisms, List<Integer> pairs, int rate, double warmupSeconds,
                     double durationSeconds, Path csv, Path json, Path markdown, boolean help) {

    static final String USAGE = """
            Usage: bin/jremix signal [options]
            Measures signalling between threads: N pairs of a signaller and a waiter, per mechanism.
              notify     synchronized + Object.wait/notify        condition  ReentrantLock Condition.await/signal
              unpark     volatile sequence + LockSupport.park/unpark   spin  volatile sequence, busy-spinning waiter
            Reports, in microseconds (p50 p90 p95 p99 p99.9 max):
              call cost           the signalling call, timed in the signaller (lock + publish + wake)
              wake-up             intended send time -> waiter sees the signal (coordinated omission corrected)
              wake-up from send   actual send time -> waiter sees the signal (uncorrected, for comparison)
            Options:
              --mechanisms LIST   comma-separated, default notify,condition,unpark,spin
              --pairs LIST        pairs of threads, comma-separated to run several (e.g. 1,2), default 1
              --rate N            signals per second per pair, default 10000
              --duration S        measured seconds, default 3
              --warmup S          seconds run first and not recorded, default 1
              --csv FILE          also write the results as CSV
              --json FILE         also write the results as JSON
              --markdown FILE     also write the results as a Markdown page
              -h, --help          this text
            Exit codes: 0 done, 1 the benchmark or a file write failed, 2 bad arguments.
            """;

    static SignalOptions parse(String... args) {
        List<Mechanism> mechanisms = List.of(Mechanism.values());
        List<Integer> pairs = List.of(1);
        int rate = 10_000;
        double warmup = 1;
        double duration = 3;
        Path csv = null;
        Path json = null;
        Path markdown = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                return new SignalOptions(mechanisms, pairs, rate, warmup, duration, null, null, null, true);
            }
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException(arg + " needs a value");
            }
            String value = args[++i];
            switch (arg) {
                case "--mechanisms" -> mechanisms = Arrays.stream(value.split(",")).map(Mechanism::of).distinct().toList();
                case "--pairs" -> pairs = Arrays.stream(value.split(",")).map(v -> (int) number(arg, v, 1, 1024)).toList();
                case "--rate" -> rate = (int) number(arg, value, 1, 1_000_000);
                case "--duration" -> duration = number(arg, value, 0.001, 3600);
                case "--warmup" -> warmup = number(arg, value, 0, 3600);
                case "--csv" -> csv = Path.of(value);
                case "--json" -> json = Path.of(value);
                case "--markdown" -> markdown = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return new SignalOptions(mechanisms, pairs, rate, warmup, duration, csv, json, markdown, false);
    }

    private static double number(String option, String value, double min, double max) {
        double v;
        try {
            v = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a number, not '" + value + "'");
        }
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException(option + " must be between " + plain(min) + " and " + plain(max) + ", not " + value);
        }
        if ((option.equals("--pairs") || option.equals("--rate")) && v != Math.rint(v)) {
            throw new IllegalArgumentException(option + " takes a whole number, not " + value);
        }
        return v;
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
