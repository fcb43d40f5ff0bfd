/**
 * The park-contention profiler ({@code -XXgetparkcontention}, after the J9 thesis): instruments {@code LockSupport},
 * keeps a {@link io.jremix.core.park.ParkRecord} per park blocker without keeping blockers alive, and reports at
 * exit and on {@code bin/jremix dump}.
 *
 * <p>Java monitors ({@code synchronized}) never go through {@code LockSupport}: the JVM reports their blocked enters
 * and waits to JFR, and an in-process JFR stream ({@link io.jremix.agent.park.MonitorProfiler}) turns them into the
 * same report's per-blocker metrics ({@link io.jremix.core.park.MonitorTable}).
 */
package io.jremix.agent.park;
