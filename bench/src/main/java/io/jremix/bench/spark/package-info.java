/**
 * Volatile-by-default on Spark: the harness behind {@code bench/run-spark}, which runs the jobs of the separate
 * Maven project {@code bench/spark} (outside the reactor, so the build never downloads Spark) under plain java and
 * {@code -XX:+VBD}, and the table that sets them beside the VBD-HotSpot paper's figures.
 */
package io.jremix.bench.spark;
