/**
 * Repair benchmarks: concurrent data structures in the style of the LMAX Disruptor, JCTools and Reactor whose hot
 * fields falsely share a cache line, each in two variants chosen by a mode word. {@code plain} uses classes with no
 * padding (the hot fields of different threads side by side); {@code padded} uses hand-padded twins of those
 * classes, padded the way the Disruptor does it (a superclass of seven longs before the hot field, a subclass of
 * seven longs after it). The hot loops are shared: they reach the hot fields through a small abstract class whose two
 * subclasses are the plain and the padded class, and a run uses only one of them, so the calls stay monomorphic and
 * are inlined. Comparing {@code plain} run under jremix's repair (which pads the plain classes at load) with
 * {@code padded} measures the repair against the fix by hand.
 */
package io.jremix.workloads.cache.repair;
