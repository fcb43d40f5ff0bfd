/**
 * Park-contention workloads: the two lock bottlenecks of the J9 thesis, chapter 5, with known answers, and small
 * deterministic programs for the profiler's options. Long runs stop early on a {@code stop} line on stdin.
 *
 * <p>The same two bottlenecks on intrinsic locks ({@code synchronized}): {@link LargeSynchronizedSection} and
 * {@link FrequentlyAcquired}. Their workers start together through an {@code Object.wait}/{@code notifyAll} gate, so
 * each run also has monitor waits that a profiler must keep apart from blocked enters; the critical sections sleep,
 * so the runs last a given time rather than a given count.
 */
package io.jremix.workloads.park;
