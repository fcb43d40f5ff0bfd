/**
 * Intrinsic-lock ({@code synchronized}) versions of the two bottleneck patterns of the J9 thesis, chapter 5: a monitor
 * with a long critical section among short ones ({@link io.jremix.workloads.monitor.LargeCriticalSection}) and a
 * monitor entered more often than another ({@link io.jremix.workloads.monitor.FrequentlyAcquired}). Workers start
 * together through an {@code Object.wait}/{@code notifyAll} gate, so each run also has monitor waits that a
 * profiler must keep apart from blocked enters. Runs last a given time rather than a given count of iterations:
 * the critical sections sleep, so the time is what sets how much contention a profiler sees.
 */
package io.jremix.workloads.monitor;
