package io.jremix.agent.attach;

import java.util.List;

import io.jremix.agent.AgentOptions;
import io.jremix.agent.Features;
import io.jremix.agent.OutputsInUse;
import io.jremix.agent.cache.CacheOptions;
import io.jremix.agent.park.ParkOptions;
import io.jremix.agent.park.ParkProfiler;

/** Why options cannot start in this running program, in one line; each says what to do instead. */
final class Refusals {
    private Refusals() {
    }

    /** The reason, or {@code null} when the features {@code asked} can start here now. */
    static String of(AgentOptions options, List<Features.Asked<?>> asked) {
        if (asked.isEmpty()) {
            return "nothing to start: give -remix:detect or -XXgetparkcontention (see bin/jremix --help)";
        }
        for (Features.Asked<?> feature : asked) {
            String refusal = feature.attachRefusal();
            if (refusal != null) {
                return refusal;
            }
        }
        if (Features.options(asked, CacheOptions.class) != null) {
            String busy = cacheBusy();
            if (busy != null) {
                return busy;
            }
        }
        if (Features.options(asked, ParkOptions.class) != null
                && System.getProperty(ParkProfiler.RUNNING_PROPERTY) != null) {
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
