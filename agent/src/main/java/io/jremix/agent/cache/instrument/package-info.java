/**
 * Inserting the cache probes: the transformer a detection window arms, the instrumenter that rewrites a method, the
 * site table that numbers the probed instructions, and the bytecode analyses that leave an access without a probe
 * (its object never escapes, compiled code folds the read) or lay a method out twice (duplicated bodies).
 */
package io.jremix.agent.cache.instrument;
