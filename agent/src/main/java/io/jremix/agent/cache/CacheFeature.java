package io.jremix.agent.cache;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;

import io.jremix.agent.cache.repair.Repairer;
import io.jremix.agent.feature.AgentLog;
import io.jremix.agent.feature.AnswerChannel;
import io.jremix.agent.feature.Feature;
import io.jremix.agent.feature.OutputsInUse;
import io.jremix.options.OptionException;
import io.jremix.options.Output;
import io.jremix.options.Values;

import static io.jremix.options.CacheContentionOptions.DEBUG;
import static io.jremix.options.CacheContentionOptions.PROFILE;
import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.REPORT;
import static io.jremix.options.CacheContentionOptions.VERBOSE;

/**
 * Cache-contention detection and repair (REMIX) as a {@link Feature}: detection, repair from a profile, or both. Its
 * failure line is detection's; repair that cannot start says so itself, and detection runs without it.
 */
public final class CacheFeature implements Feature<CacheOptions> {
    @Override
    public String name() {
        return "detection";
    }

    @Override
    public CacheOptions options(Values values) throws OptionException {
        CacheOptions options = CacheOptions.from(values);
        return options.detection() || options.get(PROFILE) != null ? options : null;
    }

    @Override
    public AgentLog log(PrintStream err, CacheOptions options) {
        return new AgentLog(err, "REMIX: ", options.get(VERBOSE), options.get(DEBUG));
    }

    @Override
    public void start(Instrumentation inst, CacheOptions options, AgentLog log) {
        Repairer repairer = null;
        try {
            if (options.get(PROFILE) != null || options.repair()) {
                repairer = Repairer.start(inst, options, log);
            }
        } catch (RuntimeException | LinkageError e) {
            log.info("repair is off: could not start (" + e + ")");
        }
        if (options.detection()) {
            CacheDetector.start(inst, options, log, repairer);
        } else if (repairer != null) {
            reportAtExit(repairer, log);
        }
    }

    @Override
    public String attachRefusal(CacheOptions options) {
        if (options.repair()) {
            return "a running program's classes are loaded and cannot be padded: attach with -remix:detect"
                    + " -XX:REMIXProfile=FILE, and start the program next time with bin/jremix -XX:REMIXProfile=FILE";
        }
        if (options.get(REARM) > 0 && options.get(REPORT) == null) {
            return "-XX:REMIXRearm in an attach needs -XX:REMIXReport=FILE: the reports of the windows after the first"
                    + " go only there";
        }
        return AttachedDetection.busy();
    }

    /** Detection only ({@link #attachRefusal} refuses repair): the answer ends with the first window's report. */
    @Override
    public Handled attach(Instrumentation inst, CacheOptions options, List<Output> outputs, AnswerChannel answer) {
        OutputsInUse.claim(OutputsInUse.naming(outputs, options.get(REPORT), options.get(PROFILE)));
        AttachedDetection.start(inst, options, answer);
        return Handled.ANSWERING;
    }

    /** Ends the attached detection's windows; the answer ends with the last one's report. */
    @Override
    public Handled stop(Path file, AnswerChannel answer) {
        return AttachedDetection.stop(answer) ? Handled.ANSWERING : Handled.NOTHING;
    }

    /** Padding from a profile without detection: at exit, say what was padded. */
    private static void reportAtExit(Repairer repairer, AgentLog log) {
        Thread hook = new Thread(() -> repairer.finish().lines().forEach(log::info), "jremix-repair-report");
        Runtime.getRuntime().addShutdownHook(hook);
    }
}
