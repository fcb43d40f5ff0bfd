/**
 * Collecting what the probes traced: the collector drains the per-thread buffers, names each event's data
 * ({@link io.jremix.agent.cache.collect.FieldLayouts}) and replays the accesses through the coherence model; the
 * threads' CPU clocks, the program frames that called probed JDK code, and what each window traced per site.
 */
package io.jremix.agent.cache.collect;
