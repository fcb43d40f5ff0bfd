/**
 * Cache-contention detection (REMIX): {@link io.jremix.agent.cache.CacheDetector} wires the parts together and
 * reports at exit, from the options in {@link io.jremix.agent.cache.CacheOptions}. The parts, one concern each:
 * {@code .instrument} inserts the probes (the transformer, the instrumenter and the bytecode analyses that leave
 * accesses without probes), {@code .collect} turns drained probe events into accesses for the coherence model,
 * {@code .window} opens and closes the detection windows and chooses what they trace, and {@code .repair} pads
 * what was found. Dependencies run one way: window uses collect and instrument, collect uses instrument's site table.
 */
package io.jremix.agent.cache;
