package io.jremix.agent.jmx;

import java.util.List;
import java.util.Locale;

import io.jremix.core.cache.Finding;

/**
 * One finding as JMX shows it (a {@code CompositeData} whose item names are these components').
 *
 * @param className            class or array type whose data missed
 * @param kind                 {@code false-sharing}, {@code true-sharing} or {@code latent-false-sharing}, as in the
 *                             JSON report
 * @param location             {@code field}, {@code static} or {@code element}
 * @param fields               the fields involved, hottest first; empty for array elements
 * @param estimatedMisses      coherence misses (for latent false sharing, contending writes) so far, estimated from
 *                             the samples
 * @param missesPerSecond      their estimated rate while it was observed
 * @param costSharePercent     what they cost the threads involved, as a share of those threads' running time
 * @param repairable           whether padding the class at load time removes it
 * @param sites                code that made the missing accesses, hottest first, at most five
 * @param firstSeenEpochMillis the first sampled miss, on the wall clock
 * @param lastSeenEpochMillis  the end of the latest detection window with misses of it, or the read's moment while the
 *                             window open now has some
 */
public record CacheFinding(String className, String kind, String location, List<String> fields, long estimatedMisses,
                           double missesPerSecond, double costSharePercent, boolean repairable, List<String> sites,
                           long firstSeenEpochMillis, long lastSeenEpochMillis) {

    static CacheFinding of(Finding f, long lastSeenNanos, WallClock clock) {
        return new CacheFinding(f.className(), f.kind().key(), f.location().name().toLowerCase(Locale.ROOT),
                f.fields(), f.events(), f.ratePerSecond(), 100 * f.costShare(), f.repairable(), f.sites(),
                clock.epochMillis(f.firstMissNanos()), clock.epochMillis(lastSeenNanos));
    }
}
