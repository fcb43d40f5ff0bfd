/**
 * The park-contention profiler ({@code -XXgetparkcontention}, after the J9 thesis): instruments {@code LockSupport},
 * keeps a
 * {@link io.jremix.core.park.ParkRecord} per park blocker without keeping blockers alive, and reports at exit and
 * on {@code bin/jremix dump}.
 */
package io.jremix.agent.park;
