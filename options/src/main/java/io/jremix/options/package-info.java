/**
 * The one option spec. Each feature declares its options once, in its own class ({@link CacheContentionOptions},
 * {@link ParkContentionOptions}, {@link VolatileByDefaultOptions}), with type, default, range and a one-line doc;
 * {@link Spec} parses command lines from those declarations, and the cli prints {@code --help} and writes the tables
 * of {@code docs/options.md} from them. Beside them, what reads the files options name, for the launcher and the
 * agent alike: {@link InputFile} (within limits, regular files only), {@link VbdRelaxedPatterns}, and
 * {@link Excerpt} for messages that quote the input. Nothing else here: the agent shades this package and the cli
 * carries it.
 */
package io.jremix.options;
