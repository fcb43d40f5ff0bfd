/**
 * The corpus's drivers: each runs one historical false-sharing bug through its library's public API (or the JDK's),
 * with the threads the bug needs, a fixed number of items and a time cap, and ends with one line giving its elapsed
 * time and a checksum. The same driver runs the version before the fix and the version after it: whoever starts it
 * puts one of the two jars on the class path (they are compiled against the version before, {@code provided}).
 */
package io.jremix.bench.corpus.drivers;
