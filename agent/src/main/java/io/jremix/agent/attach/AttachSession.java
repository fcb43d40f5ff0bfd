package io.jremix.agent.attach;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import io.jremix.options.AgentArguments;
import io.jremix.agent.AgentLog;
import io.jremix.agent.AgentOptions;
import io.jremix.agent.Features;
import io.jremix.agent.ModuleAccess;
import io.jremix.agent.OutputsInUse;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.park.ParkProfiler;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.Excerpt;
import io.jremix.options.OptionException;
import io.jremix.options.ParkContentionOptions;

/**
 * The agent's side of {@code bin/jremix attach}: starts what the options ask in this running program, or dumps or
 * stops the park profiler it started, and answers on the command's {@link AnswerChannel}. What runs is kept in system
 * properties, which {@code bin/jremix attach <pid> status} reads without loading anything, and which refuse a
 * second detection or profiler that would fight the first. Synchronized: two attach commands arriving at once are
 * answered one after the other.
 */
public final class AttachSession {
    /** What the attached cache detection is doing; absent when none runs. */
    public static final String CACHE_PROPERTY = "jremix.attach.cache";
    /** Since when the attached park profiler runs; absent when none runs. */
    public static final String PARK_PROPERTY = "jremix.attach.park";
    /** The options of a program started under jremix. */
    public static final String STARTED_PROPERTY = "jremix.started";
    static final int FAILED = 2;
    private static final int DYNAMIC_AGENT_WARNING = 21;
    private static final Relay PARK_LINES = new Relay();

    private AttachSession() {
    }

    public static synchronized void handle(AttachRequest request, Instrumentation inst) {
        AnswerChannel channel;
        try {
            channel = AnswerChannel.open(request.channel());
        } catch (IOException e) {
            return; // no way to answer: the client says that the program did not
        }
        try {
            BootClasses.ensure(inst);
            switch (request.command()) {
                case "start" -> start(request.argument(), inst, channel);
                case "dump" -> dump(request, channel);
                case "stop" -> stop(request, channel);
                default -> channel.fail("unknown attach command '" + request.command() + "'");
            }
        } catch (Throwable t) { // a StackOverflowError or OutOfMemoryError too: the program's stderr gets nothing
            try {
                channel.fail("jremix failed in the program: " + Excerpt.of(String.valueOf(t)));
            } catch (Throwable again) {
                // not even the answer fits: the client says the program did not answer
            }
        }
    }

    private static void start(String arguments, Instrumentation inst, AnswerChannel channel) {
        AgentOptions options;
        List<Features.Asked<?>> asked;
        try {
            options = AgentOptions.parse(AgentArguments.split(arguments));
            asked = Features.asked(options.values());
        } catch (OptionException e) {
            channel.fail(e.getMessage() + " (see bin/jremix --help)");
            return;
        }
        String refusal = Refusals.of(options, asked);
        if (refusal != null) {
            channel.fail(refusal);
            return;
        }
        noteDynamicLoadingWarning(channel.stream());
        ModuleAccess.open(inst);
        ParkOptions park = Features.options(asked, ParkOptions.class);
        CacheOptions cache = Features.options(asked, CacheOptions.class);
        if (park != null && !startPark(inst, park, options, channel)) {
            channel.end(FAILED);
            return;
        }
        if (cache == null) { // refused unless it detects
            channel.end(0);
            return;
        }
        OutputsInUse.claim(OutputsInUse.naming(options.outputs(), cache.get(CacheContentionOptions.REPORT),
                cache.get(CacheContentionOptions.PROFILE)));
        AttachedDetection.start(inst, cache, channel);
    }

    /** Park and monitor profiling until {@code stop}; its lines reach the program's stderr never. */
    private static boolean startPark(Instrumentation inst, ParkOptions park, AgentOptions options,
                                     AnswerChannel channel) {
        AgentLog log = new AgentLog(new PrintStream(PARK_LINES, true, StandardCharsets.UTF_8), "PARK: ", false, false);
        PARK_LINES.to(channel.stream());
        try {
            ParkProfiler.start(inst, park, log);
        } finally {
            PARK_LINES.to(null);
        }
        if (System.getProperty(ParkProfiler.RUNNING_PROPERTY) == null) {
            return false;
        }
        OutputsInUse.claim(OutputsInUse.naming(options.outputs(), park.get(ParkContentionOptions.REPORT)));
        // to the millisecond: the start of every report's span ("after N ms")
        String since = LocalTime.ofInstant(ParkProfiler.countingSince(), ZoneId.systemDefault())
                .format(DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT));
        System.setProperty(PARK_PROPERTY, since);
        channel.stream().println("PARK: profiling parks and monitors since " + since
                + "; 'dump' prints the report, 'stop' prints it and puts back the original LockSupport.");
        return true;
    }

    private static void dump(AttachRequest request, AnswerChannel channel) {
        if (refusedFile(request, channel)) {
            return;
        }
        if (System.getProperty(ParkProfiler.RUNNING_PROPERTY) == null) {
            channel.fail("park profiling is not running in this program; start it with 'bin/jremix attach <pid>"
                    + " -XXgetparkcontention'");
            return;
        }
        if (System.getProperty(PARK_PROPERTY) == null) {
            channel.stream().println("PARK: the program was started with park profiling: its report goes to its"
                    + " own stderr");
        }
        PARK_LINES.to(channel.stream());
        try {
            ParkProfiler.dump(request.reportFile());
        } finally {
            PARK_LINES.to(null);
        }
        channel.end(0);
    }

    /** Stops the attached park profiler, and the attached detection's windows, whose last report ends the channel. */
    private static void stop(AttachRequest request, AnswerChannel channel) {
        if (refusedFile(request, channel)) {
            return;
        }
        boolean park = System.getProperty(PARK_PROPERTY) != null;
        if (park) {
            PARK_LINES.to(channel.stream());
            try {
                ParkProfiler.stop(request.reportFile());
            } finally {
                PARK_LINES.to(null);
            }
            System.clearProperty(PARK_PROPERTY);
            channel.stream().println("PARK: stopped; LockSupport runs its original code again.");
        }
        if (AttachedDetection.stop(channel)) {
            return;
        }
        if (park) {
            channel.end(0);
        } else {
            channel.fail(System.getProperty(ParkProfiler.RUNNING_PROPERTY) == null
                    ? "nothing to stop: no park profiling or detection windows were attached to this program"
                    : "park profiling was started with this program, not attached: it reports at exit");
        }
    }

    /** Refuses a {@code dump} or {@code stop} whose report file jremix writes already here; whether it did. */
    private static boolean refusedFile(AttachRequest request, AnswerChannel channel) {
        Path file = request.reportFile();
        String refusal = file == null ? null : OutputsInUse.refusal(file, request.command() + "'s file " + file);
        if (refusal != null) {
            channel.fail(refusal);
        }
        return refusal != null;
    }

    /** What {@code status} says of the attached detection; {@code null} once none runs. */
    static void setCacheStatus(String status) {
        if (status == null) {
            System.clearProperty(CACHE_PROPERTY);
        } else {
            System.setProperty(CACHE_PROPERTY, status);
        }
    }

    /** JDK 21+ warns on the program's stderr when an agent is loaded into it, unless it was started allowing it. */
    private static void noteDynamicLoadingWarning(PrintStream channel) {
        if (Runtime.version().feature() < DYNAMIC_AGENT_WARNING) {
            return;
        }
        VMOption allowed = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("EnableDynamicAgentLoading");
        // true by default, but the JVM warns unless the command line set it
        if (allowed.getOrigin() == VMOption.Origin.DEFAULT || allowed.getValue().equals("false")) {
            channel.println("jremix: note: the JVM printed a warning about a dynamically loaded agent on the program's"
                    + " stderr; start it with -XX:+EnableDynamicAgentLoading to silence it");
        }
    }

    static String now() {
        return LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT));
    }
}
