package io.jremix.jmh;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.ProfilerException;

/**
 * {@code -prof io.jremix.jmh.ParkContentionProfiler}: each fork runs under {@code -XXgetparkcontention}; the park
 * blockers its threads waited on most (parked thread time, JMH's own threads included) are printed after the fork,
 * and the number of blockers ({@code jremix.park.blockers}) and the parked thread time of the first
 * ({@code jremix.park.topParkedMs}) are added to the results.
 */
public final class ParkContentionProfiler extends JremixProfiler {
    public ParkContentionProfiler(String initLine) throws ProfilerException {
        super(initLine, "jremix: park contention (locks, queues, conditions) of each fork",
                new Naming("jremix.park", "park contention", "blocker", "topParkedMs", "ms"));
    }

    public ParkContentionProfiler() throws ProfilerException {
        this("");
    }

    @Override
    List<String> featureOptions(Path report) {
        // in quotes, as a sub-option's value may hold a comma; the report's name has no quote in it
        return List.of("-XXgetparkcontention:report=\"" + report + "\"");
    }

    @Override
    List<?> rows(Map<String, Object> report) {
        return (List<?>) report.get("blockers");
    }

    @Override
    long found(Map<String, Object> report) {
        return ((Number) report.get("blockersRecorded")).longValue();
    }

    @Override
    double size(Map<?, ?> blocker) {
        return ((Number) blocker.get("parkThreadTimeMs")).doubleValue();
    }

    @Override
    String line(Map<?, ?> blocker) {
        return String.format(Locale.ROOT, "%s (thread %s): parked %s times, %.1f ms thread time, %.3f ms each",
                blocker.get("className"), blocker.get("threadName"), blocker.get("timesParked"), size(blocker),
                ((Number) blocker.get("avgParkTimeMs")).doubleValue());
    }
}
