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

import io.jremix.core.cache.SharingKind;

/**
 * {@code -prof io.jremix.jmh.CacheContentionProfiler}: each fork runs under {@code -remix:detect}; its findings (false
 * and true sharing, latent false sharing) are printed after the fork, and the number of findings and the estimated
 * misses per second of the first are added to the results.
 */
public final class CacheContentionProfiler extends JremixProfiler {
    private static final String DESCRIPTION = "jremix: cache contention (false sharing) of each fork, without hardware"
            + " counters";

    public CacheContentionProfiler(String initLine) throws ProfilerException {
        super(initLine, DESCRIPTION);
    }

    public CacheContentionProfiler() throws ProfilerException {
        this("");
    }

    @Override
    public String getDescription() {
        return DESCRIPTION;
    }

    @Override
    List<String> featureOptions(Path report) {
        return List.of("-remix:detect", "-XX:REMIXReport=" + report);
    }

    @Override
    String label() {
        return "jremix.cache";
    }

    @Override
    Collection<? extends Result> results(Map<String, Object> report, int rows) {
        List<?> findings = (List<?>) report.get("findings");
        StringBuilder summary = new StringBuilder(String.format(Locale.ROOT, "jremix cache contention: %d finding%s%n",
                findings.size(), findings.size() == 1 ? "" : "s"));
        double top = 0;
        for (int i = 0; i < findings.size(); i++) {
            Map<?, ?> f = (Map<?, ?>) findings.get(i);
            double rate = ((Number) f.get("ratePerSecond")).doubleValue();
            top = i == 0 ? rate : top;
            if (rows == 0 || i < rows) {
                boolean latent = SharingKind.LATENT_FALSE_SHARING.key().equals(f.get("kind"));
                summary.append(String.format(Locale.ROOT, "  %s %s %s: ~%.3g %s/s%n", f.get("kind"), f.get("className"),
                        f.get("fields"), rate, latent ? "accesses" : "misses"));
            }
        }
        return List.of(new TextResult(summary.toString(), label()),
                new ScalarResult(label() + ".findings", findings.size(), "#", AggregationPolicy.AVG),
                new ScalarResult(label() + ".topMisses", top, "misses/s", AggregationPolicy.AVG));
    }
}
