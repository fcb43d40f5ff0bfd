/**
 * The benchmark suite: real applications built from the libraries DaCapo and Renaissance use, and JDK
 * concurrency workloads, each doing fixed, deterministic, self-checked work; plus the harness that runs them
 * under plain java and jremix's modes and writes the results table.
 */
package io.jremix.bench.suite;
