/**
 * Litmus tests for memory orderings, run plain and under {@code -XX:+VBD}: store buffering through fields and
 * array elements, message passing, IRIW, long/double atomicity, safe publication, and a spin loop on a plain flag.
 */
package io.jremix.workloads.vbd;
