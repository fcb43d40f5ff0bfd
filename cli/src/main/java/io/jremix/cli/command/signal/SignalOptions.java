package io.jremix.cli.command.signal;

import java.nio.file.Path;
import java.util.List;

import io.jremix.cli.command.HelpCommand;
import io.jremix.options.OptionException;
import io.jremix.options.SignalCommandOptions;
import io.jremix.options.Values;
import io.jremix.report.OutputFiles;

import static io.jremix.options.SignalCommandOptions.CSV;
import static io.jremix.options.SignalCommandOptions.DURATION;
import static io.jremix.options.SignalCommandOptions.JSON;
import static io.jremix.options.SignalCommandOptions.MARKDOWN;
import static io.jremix.options.SignalCommandOptions.MECHANISMS;
import static io.jremix.options.SignalCommandOptions.PAIRS;
import static io.jremix.options.SignalCommandOptions.RATE;
import static io.jremix.options.SignalCommandOptions.WARMUP;

/** The command line of {@code bin/jremix signal}, as {@link SignalCommandOptions} declares it. */
record SignalOptions(List<Mechanism> mechanisms, List<Integer> pairs, int rate, double warmupSeconds,
                     double durationSeconds, Path csv, Path json, Path markdown) {

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
            """ + HelpCommand.options(SignalCommandOptions.SECTION) + HelpCommand.line("-h, --help", "this text") + """
            Exit codes: 0 done, 1 the benchmark or a file write failed, 2 bad arguments.
            """;

    /**
     * Reads the command line as {@link SignalCommandOptions} declares it; a bad argument, or a file the results could
     * not be written to after the measuring, throws with one line.
     */
    static SignalOptions parse(String... args) throws OptionException {
        Values v = SignalCommandOptions.SECTION.parseCommand(List.of(args));
        OutputFiles.check(SignalCommandOptions.SECTION.outputs(v));
        return new SignalOptions(v.get(MECHANISMS).stream().map(Mechanism::of).toList(),
                v.get(PAIRS).stream().map(Long::intValue).toList(), v.get(RATE).intValue(), v.get(WARMUP),
                v.get(DURATION), v.get(CSV), v.get(JSON), v.get(MARKDOWN));
    }
}
