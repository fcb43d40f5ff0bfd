/**
 * Volatile-by-default ({@code -XX:+VBD}, after VBD-HotSpot): the load-time rewriting that makes every field, array
 * element and Unsafe access of a class volatile, the transformer that applies it with its relaxed opt-outs, and
 * the report at exit.
 */
package io.jremix.agent.vbd;
