/**
 * What every feature's probes share in the boot loader: which threads are jremix's own ({@link
 * io.jremix.probe.OwnThreads}). The features' probes are in the packages below it.
 */
package io.jremix.probe;
