/**
 * The seam every feature implements ({@link io.jremix.agent.feature.Feature}), and what the agent gives each: its
 * options, its log, the files it writes and the channel an attach command answers on. Features depend on this
 * package; the agent's entry points depend on the features.
 */
package io.jremix.agent.feature;
