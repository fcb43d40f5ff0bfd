/**
 * The corpus of historical false-sharing bugs ({@link io.jremix.bench.corpus.Corpus}) and {@code bench/run-corpus},
 * which runs each bug's version before and after its fix under jremix and writes what it found and what repair buys.
 */
package io.jremix.bench.corpus;
