/**
 * The cache-contention probes that instrumented code calls, JDK classes included. Loaded from the boot class path,
 * so this package depends on nothing but java.base. Probes sample accesses and append raw events to per-thread
 * buffers; the agent drains the buffers. Nothing here analyses or reports.
 */
package io.jremix.probe.cache;
