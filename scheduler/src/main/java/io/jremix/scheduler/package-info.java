/**
 * Ordered scheduler (the low-latency blog's, seed 004): tasks run in parallel in their callers' threads and emit
 * their output in ticket order, drained by whichever thread completes the oldest ticket, with no consumer thread.
 */
package io.jremix.scheduler;
