/**
 * Ordered scheduler (the low-latency blog's): tasks run in parallel in their callers' threads and emit
 * their output in ticket order, drained by whichever thread completes the oldest ticket, with no consumer thread.
 */
package io.jremix.scheduler;
