/**
 * Cache-contention detection: the transformer that inserts probes during a detection window, the collector that
 * turns drained probe events into accesses for the coherence model, and the controller that opens and closes the
 * window and reports at exit.
 */
package io.jremix.agent.cache;
