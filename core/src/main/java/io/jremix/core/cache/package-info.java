/**
 * Cache-contention analysis on a trace of sampled memory accesses: a per-line coherence model that
 * tells true from false sharing, and the rate thresholds that turn coherence misses into findings.
 * Nothing here knows about bytecode or the JVM; the agent feeds it {@link io.jremix.core.cache.Access}es, batched in
 * an {@link io.jremix.core.cache.AccessBatch}.
 */
package io.jremix.core.cache;
