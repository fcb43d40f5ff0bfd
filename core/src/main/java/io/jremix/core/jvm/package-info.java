/**
 * The one description of a JVM that jremix reads: version, collector, compressed references, {@code @Contended}
 * restriction. The agent reads it of the JVM it runs in, {@code bin/jremix doctor} of the java it would start.
 */
package io.jremix.core.jvm;
