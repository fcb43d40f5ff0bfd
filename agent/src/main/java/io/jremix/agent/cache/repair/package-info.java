/**
 * False-sharing repair: pads classes when they load, from a profile learned in earlier runs or from findings of
 * this run for classes that had not loaded yet, by adding {@code @Contended} to their hot fields.
 */
package io.jremix.agent.cache.repair;
