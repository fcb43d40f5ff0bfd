/**
 * jremix's findings as JFR events of its own types ({@code io.jremix.CacheFinding}, {@code io.jremix.DetectionWindow},
 * {@code io.jremix.ParkContention}), committed into whatever recording is running, so that {@code jfr print} and
 * JDK Mission Control show them next to the JVM's events. {@link io.jremix.agent.jfr.JfrEvents} is the only entry.
 */
package io.jremix.agent.jfr;
