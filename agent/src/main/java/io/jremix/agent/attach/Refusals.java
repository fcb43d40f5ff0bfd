package io.jremix.agent.attach;

import io.jremix.agent.AgentOptions;
import io.jremix.agent.OutputsInUse;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.park.ParkProfiler;
import io.jremix.options.VolatileByDefaultOptions;

import static io.jremix.options.CacheContentionOptions.REARM;
import static io.jremix.options.CacheContentionOptions.REPORT;

/** Why options cannot start in this running program, in one line; each says what to do instead. */
final class Refusals {
    private Refusals() {
    }

    /** The reason, or {@code null} when the options can start here now. */
    static String of(AgentOptions options, CacheOptions cache, ParkOptions park) {
        if (options.values().get(VolatileByDefaultOptions.ENABLED)) {
            return "volatile-by-default cannot start in a running program: its classes are loaded, and a loaded class"
                    + " cannot change its fields; start the program under bin/jremix -XX:+VBD";
        }
        if (cache.repair()) {
            return "a running program's classes are loaded and cannot be padded: attach with -remix:detect"
                    + " -XX:REMIXProfile=FILE, and start the program next time with bin/jremix -XX:REMIXProfile=FILE";
        }
        if (cache.get(REARM) > 0 && cache.get(REPORT) == null) {
            return "-XX:REMIXRearm in an attach needs -XX:REMIXReport=FILE: the reports of the windows after the first"
                    + " go only there";
        }
        if (!cache.detection() && park == null) {
            return "nothing to start: give -remix:detect or -XXgetparkcontention (see bin/jremix --help)";
        }
        if (cache.detection()) {
            String busy = cacheBusy();
            if (busy != null) {
                return busy;
            }
        }
        if (park != null && System.getProperty(ParkProfiler.RUNNING_PROPERTY) != null) {
            return "park profiling already runs in this program; 'bin/jremix attach <pid> dump' prints its report";
        }
        return OutputsInUse.conflict(options.outputs());
    }

    private static String cacheBusy() {
        String attached = System.getProperty(AttachSession.CACHE_PROPERTY);
        if (attached != null) {
            return "cache detection is already attached to this program (" + attached + "); wait for it to end"
                    + " ('bin/jremix attach <pid> status')";
        }
        String started = System.getProperty(AttachSession.STARTED_PROPERTY);
        if (started != null && started.contains("-remix")) {
            return "this program was started under jremix with cache detection (" + started + "); it reports at exit";
        }
        return null;
    }
}
