package io.jremix.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;

import io.jremix.agent.attach.AttachRequest;
import io.jremix.agent.attach.AttachSession;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.agent.feature.Asked;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.agent.park.ParkDump;
import io.jremix.agent.park.ParkProfiler;
import io.jremix.options.AgentArguments;
import io.jremix.options.Excerpt;
import io.jremix.options.OptionException;

/**
 * The {@code -javaagent} entry point. Options are validated before the program starts: a bad one prints one line
 * and ends the JVM with exit code 2. Any other failure to start a feature prints one line and leaves the program
 * running without it. Nothing escapes an entry point, not even an {@link Error}: the JVM would end the program
 * with a stack trace ("processing of -javaagent failed") instead.
 */
public final class Agent {
    /** Exit code for bad options, as the launcher contract asks. */
    public static final int BAD_OPTION_EXIT = 2;

    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        PrintStream err = System.err;
        try {
            System.setProperty(AgentOptions.STARTED_PROPERTY, String.join(" ", AgentArguments.split(args)));
            start(args, inst);
        } catch (Throwable t) {
            failed(err, t);
        }
    }

    /**
     * Loaded into a running JVM. {@code bin/jremix dump} gets the park report by loading a jar that only names this
     * class: the system class loader has had it since {@code -javaagent} put this jar on the class path, so this is
     * the same class, with the same profiler, as the premain's. {@code bin/jremix attach} loads that jar too, with a
     * request for {@link AttachSession}: its manifest names this jar on its class path, where the system class loader
     * of a program started without jremix finds this class (the attach session puts the probes in the boot loader).
     */
    public static void agentmain(String args, Instrumentation inst) {
        PrintStream err = System.err;
        try {
            if (AttachRequest.isRequest(args)) {
                // answers on its channel, whatever happens
                AttachSession.handle(AttachRequest.parse(args), inst, Features.ALL);
            } else if (ParkDump.isRequest(args)) {
                dump(ParkDump.requestedFile(args));
            } else {
                start(args, inst);
            }
        } catch (Throwable t) {
            failed(err, t);
        }
    }

    /** bin/jremix dump: a file jremix already writes here is refused; the client finds it unwritten, and says to look here. */
    private static void dump(Path file) {
        String refusal = file == null ? null : OutputsInUse.refusal(file, "the dump's file " + file);
        if (refusal != null) {
            System.err.println("PARK: " + refusal);
        } else {
            ParkProfiler.dump(file);
        }
    }

    /** What went wrong, in one line; the program runs on without jremix. */
    private static void failed(PrintStream err, Throwable t) {
        try {
            err.println("jremix: error: jremix is off, it failed to start: " + Excerpt.of(String.valueOf(t)));
        } catch (Throwable again) {
            // out of memory even for the line: the program runs on all the same
        }
    }

    private static void start(String args, Instrumentation inst) {
        PrintStream err = System.err;
        AgentOptions options;
        List<Asked<?>> asked;
        try {
            options = AgentOptions.parse(AgentArguments.split(args));
            asked = Asked.of(Features.ALL, options.values());
        } catch (OptionException e) {
            err.println("jremix: error: " + e.getMessage() + " (see bin/jremix --help)");
            System.exit(BAD_OPTION_EXIT);
            return;
        }
        OutputsInUse.claim(options.outputs());
        for (Asked<?> feature : asked) {
            feature.start(inst, err);
        }
    }
}
