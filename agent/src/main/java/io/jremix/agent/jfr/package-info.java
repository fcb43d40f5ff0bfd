/**
 * jremix and JFR. jremix's findings as JFR events of its own types ({@code io.jremix.CacheFinding},
 * {@code io.jremix.DetectionWindow}, {@code io.jremix.ParkContention}), committed into whatever recording is
 * running, so that {@code jfr print} and JDK Mission Control show them next to the JVM's events
 * ({@link io.jremix.agent.jfr.JfrEvents}); and the disk under the recordings jremix streams itself
 * ({@link io.jremix.agent.jfr.JfrRepository}).
 */
package io.jremix.agent.jfr;
