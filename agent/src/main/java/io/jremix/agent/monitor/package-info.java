/**
 * Contention on Java monitors ({@code synchronized}), which never go through {@code LockSupport} and so escape
 * the park profiler: the JVM reports blocked enters and waits to JFR, and an in-process JFR stream turns them into
 * the park report's per-blocker metrics ({@link io.jremix.core.park.MonitorTable}).
 */
package io.jremix.agent.monitor;
