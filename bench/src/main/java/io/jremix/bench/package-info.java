/** Benchmarks of jremix against plain java: each harness runs JVMs side by side and writes a results table. */
package io.jremix.bench;
