package io.jremix.agent.park;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.agent.feature.Relay;
import io.jremix.options.Output;
import io.jremix.options.ParkContentionOptions;

/**
 * Park and monitor profiling attached to this program, until {@code stop}. Its lines reach the channel of the
 * attach command waiting for them ({@code start}, {@code dump}, {@code stop}), and the program's stderr never.
 */
final class AttachedProfiler {
    /** Since when the attached park profiler runs; absent when none runs. {@code status} reads it. */
    private static final String PROPERTY = "jremix.attach.park";
    private static final Relay LINES = new Relay();

    private AttachedProfiler() {
    }

    /** Whether a park profiler runs here, attached or started with the program. */
    static boolean running() {
        return System.getProperty(ParkProfiler.RUNNING_PROPERTY) != null;
    }

    /** Starts it; whether it runs. */
    static boolean start(Instrumentation inst, ParkOptions park, List<Output> outputs, AnswerChannel channel) {
        AgentLog log = new AgentLog(new PrintStream(LINES, true, StandardCharsets.UTF_8), "PARK: ", false, false);
        LINES.during(channel.stream(), () -> ParkProfiler.start(inst, park, log));
        if (!running()) {
            return false;
        }
        OutputsInUse.claim(OutputsInUse.naming(outputs, park.get(ParkContentionOptions.REPORT)));
        // to the millisecond: the start of every report's span ("after N ms")
        String since = LocalTime.ofInstant(ParkProfiler.countingSince(), ZoneId.systemDefault())
                .format(DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT));
        System.setProperty(PROPERTY, since);
        channel.stream().println("PARK: profiling parks and monitors since " + since
                + "; 'dump' prints the report, 'stop' prints it and puts back the original LockSupport.");
        return true;
    }

    /** The report now, of the profiler attached or started with the program; whether one runs. */
    static boolean dump(Path file, AnswerChannel channel) {
        if (!running()) {
            return false;
        }
        if (System.getProperty(PROPERTY) == null) {
            channel.stream().println("PARK: the program was started with park profiling: its report goes to its"
                    + " own stderr");
        }
        LINES.during(channel.stream(), () -> ParkProfiler.dump(file));
        return true;
    }

    /** Stops the attached profiler, after its last report; whether one was attached. */
    static boolean stop(Path file, AnswerChannel channel) {
        if (System.getProperty(PROPERTY) == null) {
            return false;
        }
        LINES.during(channel.stream(), () -> ParkProfiler.stop(file));
        System.clearProperty(PROPERTY);
        channel.stream().println("PARK: stopped; LockSupport runs its original code again.");
        return true;
    }
}
