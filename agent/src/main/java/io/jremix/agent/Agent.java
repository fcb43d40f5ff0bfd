package io.jremix.agent;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

import io.jremix.agent.attach.AttachRequest;
import io.jremix.agent.attach.AttachSession;
import io.jremix.agent.cache.CacheDetector;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.cache.repair.Repairer;
import io.jremix.agent.park.ParkDump;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.park.ParkProfiler;
import io.jremix.agent.vbd.Vbd;
import io.jremix.agent.vbd.VbdOptions;
import io.jremix.options.AgentArguments;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.Excerpt;
import io.jremix.options.OptionException;
import io.jremix.options.VolatileByDefaultOptions;

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
            System.setProperty(AttachSession.STARTED_PROPERTY, String.join(" ", AgentArguments.split(args)));
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
                AttachSession.handle(AttachRequest.parse(args), inst); // answers on its channel, whatever happens
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
        CacheOptions cache;
        ParkOptions park;
        VbdOptions vbd;
        try {
            options = AgentOptions.parse(AgentArguments.split(args));
            cache = CacheOptions.from(options.values());
            park = ParkOptions.from(options.values());
            vbd = VbdOptions.from(options.values());
        } catch (OptionException e) {
            err.println("jremix: error: " + e.getMessage() + " (see bin/jremix --help)");
            System.exit(BAD_OPTION_EXIT);
            return;
        }
        OutputsInUse.claim(options.outputs());
        if (vbd.get(VolatileByDefaultOptions.ENABLED)) {
            startVbd(inst, vbd, err);
        }
        if (park != null) {
            startParkProfiler(inst, park, err);
        }
        startCacheContention(inst, cache, err);
    }

    /** Detection, repair from a profile, or both. */
    private static void startCacheContention(Instrumentation inst, CacheOptions options, PrintStream err) {
        if (!options.detection() && options.get(CacheContentionOptions.PROFILE) == null) {
            return;
        }
        AgentLog log = new AgentLog(err, "REMIX: ", options.get(CacheContentionOptions.VERBOSE),
                options.get(CacheContentionOptions.DEBUG));
        Repairer repairer = null;
        try {
            if (options.get(CacheContentionOptions.PROFILE) != null || options.repair()) {
                repairer = Repairer.start(inst, options, log);
            }
        } catch (RuntimeException | LinkageError e) {
            log.info("repair is off: could not start (" + e + ")");
        }
        if (!options.detection()) {
            reportAtExit(repairer, log);
            return;
        }
        try {
            ModuleAccess.open(inst);
            CacheDetector.start(inst, options, log, repairer);
        } catch (RuntimeException | LinkageError e) {
            log.info("detection is off: could not start (" + e + ")");
        }
    }

    /** Park contention, alone or beside REMIX: its hooks must reach the boot class path from java.base. */
    private static void startParkProfiler(Instrumentation inst, ParkOptions options, PrintStream err) {
        AgentLog log = new AgentLog(err, "PARK: ", false, false);
        try {
            ModuleAccess.open(inst);
            ParkProfiler.start(inst, options, log);
        } catch (RuntimeException | LinkageError e) {
            log.info("park profiling is off: could not start (" + e + ")");
        }
    }

    /** Volatile-by-default first, so that the features after it load as few program classes as possible before it. */
    private static void startVbd(Instrumentation inst, VbdOptions options, PrintStream err) {
        AgentLog log = new AgentLog(err, "VBD: ", options.get(VolatileByDefaultOptions.VERBOSE), false);
        try {
            ModuleAccess.open(inst); // the plain accesses of relaxed code use jdk.internal.misc.Unsafe
            Vbd.start(inst, options, log);
        } catch (RuntimeException | LinkageError e) {
            log.info("volatile-by-default is off: could not start (" + e + ")");
        }
    }

    /** Padding from a profile without detection: at exit, say what was padded. */
    private static void reportAtExit(Repairer repairer, AgentLog log) {
        if (repairer != null) {
            Thread hook = new Thread(() -> repairer.finish().lines().forEach(log::info),
                    "jremix-repair-report");
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }
}
