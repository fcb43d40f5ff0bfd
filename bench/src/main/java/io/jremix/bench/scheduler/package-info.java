/**
 * JMH benchmark of the ordered scheduler against the two usual ways to emit parallel results in order: one lock
 * around a map of completed results, and one consumer thread reading a ring (Disruptor-style).
 */
package io.jremix.bench.scheduler;
