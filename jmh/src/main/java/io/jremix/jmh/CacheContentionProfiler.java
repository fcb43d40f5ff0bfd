package io.jremix.jmh;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.ProfilerException;

import io.jremix.core.cache.SharingKind;

/**
 * {@code -prof io.jremix.jmh.CacheContentionProfiler}: each fork runs under {@code -remix:detect}; its findings (false
 * and true sharing, latent false sharing) are printed after the fork, and the number of findings
 * ({@code jremix.cache.findings}) and the estimated misses per second of the first ({@code jremix.cache.topMisses};
 * for latent false sharing, the accesses per second that would miss) are added to the results.
 */
public final class CacheContentionProfiler extends JremixProfiler {
    public CacheContentionProfiler(String initLine) throws ProfilerException {
        super(initLine, "jremix: cache contention (false sharing) of each fork, without hardware counters",
                new Naming("jremix.cache", "cache contention", "finding", "topMisses", "misses/s"));
    }

    public CacheContentionProfiler() throws ProfilerException {
        this("");
    }

    @Override
    List<String> featureOptions(Path report) {
        return List.of("-remix:detect", "-XX:REMIXReport=" + report);
    }

    @Override
    List<?> rows(Map<String, Object> report) {
        return (List<?>) report.get("findings");
    }

    @Override
    long found(Map<String, Object> report) {
        return rows(report).size();
    }

    @Override
    double size(Map<?, ?> finding) {
        return ((Number) finding.get("ratePerSecond")).doubleValue();
    }

    @Override
    String line(Map<?, ?> finding) {
        boolean latent = SharingKind.LATENT_FALSE_SHARING.key().equals(finding.get("kind"));
        return String.format(Locale.ROOT, "%s %s %s: ~%.3g %s/s", finding.get("kind"), finding.get("className"),
                finding.get("fields"), size(finding), latent ? "accesses" : "misses");
    }
}
