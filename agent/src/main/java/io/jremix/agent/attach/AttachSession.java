package io.jremix.agent.attach;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import io.jremix.options.AgentArguments;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.Asked;
import io.jremix.agent.feature.Feature;
import io.jremix.agent.feature.ModuleAccess;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.options.Excerpt;
import io.jremix.options.OptionException;

/**
 * The agent's side of {@code bin/jremix attach}: starts what the options ask in this running program, or dumps or
 * stops what it started, through each {@link Feature}, and answers on the command's {@link AnswerChannel}. What runs
 * is kept in system properties, which {@code bin/jremix attach <pid> status} reads without loading anything, and
 * which refuse a second detection or profiler that would fight the first. Synchronized: two attach commands
 * arriving at once are answered one after the other.
 */
public final class AttachSession {
    private static final int DYNAMIC_AGENT_WARNING = 21;

    private AttachSession() {
    }

    /** Acts on {@code request} through {@code features}, in the order they start. */
    public static synchronized void handle(AttachRequest request, Instrumentation inst, List<Feature<?>> features) {
        AnswerChannel channel;
        try {
            channel = AnswerChannel.open(request.channel());
        } catch (IOException e) {
            return; // no way to answer: the client says that the program did not
        }
        try {
            BootClasses.ensure(inst);
            switch (request.command()) {
                case "start" -> start(request.argument(), inst, features, channel);
                case "dump" -> dump(request, features, channel);
                case "stop" -> stop(request, features, channel);
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

    /** Starts each feature asked in turn; the first that cannot ends the answer (exit code 2), the rest do not start. */
    private static void start(String arguments, Instrumentation inst, List<Feature<?>> features,
                              AnswerChannel channel) {
        AgentOptions options;
        List<Asked<?>> asked;
        try {
            options = AgentOptions.parse(AgentArguments.split(arguments));
            asked = Asked.of(features, options.values());
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
        for (Asked<?> feature : asked) {
            switch (feature.attach(inst, options.outputs(), channel)) {
                case NOTHING -> {
                    channel.end(AnswerChannel.FAILED);
                    return;
                }
                case ANSWERING -> {
                    return;
                }
                case DONE -> {
                }
            }
        }
        channel.end(0);
    }

    private static void dump(AttachRequest request, List<Feature<?>> features, AnswerChannel channel) {
        if (refusedFile(request, channel)) {
            return;
        }
        boolean dumped = false;
        for (Feature<?> feature : features) {
            dumped |= feature.dump(request.reportFile(), channel);
        }
        if (dumped) {
            channel.end(0);
        } else {
            channel.fail(idle("dump", features));
        }
    }

    /** Stops what attach started; a feature whose last report ends the channel later ends it. */
    private static void stop(AttachRequest request, List<Feature<?>> features, AnswerChannel channel) {
        if (refusedFile(request, channel)) {
            return;
        }
        boolean stopped = false;
        for (Feature<?> feature : features) {
            Feature.Handled handled = feature.stop(request.reportFile(), channel);
            if (handled == Feature.Handled.ANSWERING) {
                return;
            }
            stopped |= handled == Feature.Handled.DONE;
        }
        if (stopped) {
            channel.end(0);
        } else {
            channel.fail(idle("stop", features));
        }
    }

    /** Why {@code command} found nothing to act on: the first feature's reason, or that nothing was attached. */
    private static String idle(String command, List<Feature<?>> features) {
        for (Feature<?> feature : features) {
            String reason = feature.idle(command);
            if (reason != null) {
                return reason;
            }
        }
        return "nothing to " + command + ": no park profiling or detection windows were attached to this program";
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
}
