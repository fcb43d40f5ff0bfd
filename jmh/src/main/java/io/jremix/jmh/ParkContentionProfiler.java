package io.jremix.jmh;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.TextResult;

/**
 * {@code -prof io.jremix.jmh.ParkContentionProfiler}: each fork runs under {@code -XXgetparkcontention}; the park
 * blockers its threads waited on most (thread time parked, JMH's own threads included) are printed after the fork,
 * and the number of blockers and the parked thread time of the first are added to the results.
 */
public final class ParkContentionProfiler extends JremixProfiler {
    private static final String DESCRIPTION = "jremix: park contention (locks, queues, conditions) of each fork";

    public ParkContentionProfiler(String initLine) throws ProfilerException {
        super(initLine, DESCRIPTION);
    }

    public ParkContentionProfiler() throws ProfilerException {
        this("");
    }

    @Override
    public String getDescription() {
        return DESCRIPTION;
    }

    @Override
    List<String> featureOptions(Path report) {
        // in quotes, as a sub-option's value may hold a comma; the report's name has no quote in it
        return List.of("-XXgetparkcontention:report=\"" + report + "\"");
    }

    @Override
    String label() {
        return "jremix.park";
    }

    @Override
    Collection<? extends Result> results(Map<String, Object> report, int rows) {
        List<?> blockers = (List<?>) report.get("blockers");
        long recorded = ((Number) report.get("blockersRecorded")).longValue();
        StringBuilder summary = new StringBuilder(String.format(Locale.ROOT, "jremix park contention: %d blocker%s%n",
                recorded, recorded == 1 ? "" : "s"));
        double top = 0;
        for (int i = 0; i < blockers.size(); i++) {
            Map<?, ?> b = (Map<?, ?>) blockers.get(i);
            double parkMs = ((Number) b.get("parkThreadTimeMs")).doubleValue();
            top = i == 0 ? parkMs : top;
            if (rows == 0 || i < rows) {
                summary.append(String.format(Locale.ROOT, "  %s (thread %s): parked %s times, %.1f ms thread time,"
                        + " %.3f ms each%n", b.get("className"), b.get("threadName"), b.get("timesParked"), parkMs,
                        ((Number) b.get("avgParkTimeMs")).doubleValue()));
            }
        }
        return List.of(new TextResult(summary.toString(), label()),
                new ScalarResult(label() + ".blockers", recorded, "#", AggregationPolicy.AVG),
                new ScalarResult(label() + ".topParkedMs", top, "ms", AggregationPolicy.AVG));
    }
}
