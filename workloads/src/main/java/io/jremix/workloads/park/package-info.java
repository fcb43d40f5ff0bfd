/**
 * Park-contention workloads: the two lock bottlenecks of the J9 thesis, chapter 5, with known answers, and small
 * deterministic programs for the profiler's options. Long runs stop early on a {@code stop} line on stdin.
 */
package io.jremix.workloads.park;
