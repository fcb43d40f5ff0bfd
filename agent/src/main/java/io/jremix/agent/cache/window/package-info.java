/**
 * Scheduling detection windows: when one opens and closes ({@link io.jremix.agent.cache.window.DetectionWindow}),
 * the bursts that trace within it, the classes a re-armed window probes (hot, not quiet), the classes it stops
 * tracing (shed), and the budget that spaces re-armed windows.
 */
package io.jremix.agent.cache.window;
