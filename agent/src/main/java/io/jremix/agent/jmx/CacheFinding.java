package io.jremix.agent.jmx;

import java.util.List;
import java.util.Locale;

import io.jremix.core.cache.Finding;

/**
 * One finding as JMX shows it: a row of {@link CacheContentionMBean#getFindings}, whose column names are these
 * components'.
 *
 * @param className            class or array type whose data missed
 * @param kind                 {@code false-sharing}, {@code true-sharing} or {@code latent-false-sharing}, as in the
 *                             JSON report
 * @param location             {@code field}, {@code static} or {@code element}
 * @param fields               the fields involved, hottest first; empty for array elements
 * @param fieldNames           the same, joined by commas: a label
 * @param estimatedMisses      coherence misses (for latent false sharing, contending writes) so far, estimated from
 *                             the samples
 * @param missesPerSecond      their estimated rate while it was observed
 * @param costSharePercent     what they cost the threads involved, as a share of those threads' running time
 * @param repairable           whether padding the class at load time removes it
 * @param site                 the code that made the most missing accesses; empty if none was sampled
 * @param sites                code that made the missing accesses, hottest first, at most five
 * @param firstSeenEpochMillis the first sampled miss, on the wall clock
 * @param lastSeenEpochMillis  the end of the latest detection window with misses of it, or the read's moment while the
 *                             window open now has some
 */
public record CacheFinding(String className, String kind, String location, List<String> fields, String fieldNames,
                           long estimatedMisses, double missesPerSecond, double costSharePercent, boolean repairable,
                           String site, List<String> sites, long firstSeenEpochMillis, long lastSeenEpochMillis) {
    /** Made at the first read: the program's JVM may have no {@code java.management}, and it is never read there. */
    static final OpenRows<CacheFinding> ROWS = new OpenRows<>(CacheFinding.class, "a cache-contention finding",
            "className", "kind", "location", "fieldNames", "site");

    static CacheFinding of(Finding f, long lastSeenNanos, WallClock clock) {
        return new CacheFinding(f.className(), f.kind().key(), f.location().name().toLowerCase(Locale.ROOT),
                f.fields(), String.join(",", f.fields()), f.events(), f.ratePerSecond(), 100 * f.costShare(),
                f.repairable(), f.sites().isEmpty() ? "" : f.sites().get(0), f.sites(),
                clock.epochMillis(f.firstMissNanos()), clock.epochMillis(lastSeenNanos));
    }
}
