/** The park profiler's worst case: workloads that park many times per second, and the overhead harness. */
package io.jremix.bench.park;
