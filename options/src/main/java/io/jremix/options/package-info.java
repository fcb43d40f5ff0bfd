/**
 * The one option spec. Each feature declares its options once, in its own class ({@link CacheContentionOptions},
 * {@link ParkContentionOptions}, {@link VolatileByDefaultOptions}), with type, default, range and a one-line doc;
 * {@link Spec} parses command lines from those declarations, and the cli prints {@code --help} and writes the tables
 * of {@code docs/options.md} from them. Nothing else here: the agent shades this package and the cli carries it.
 */
package io.jremix.options;
