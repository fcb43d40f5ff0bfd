/**
 * Bytecode analyses that more than one feature's instrumentation uses: where a method's field accesses are on
 * {@code this} ({@link io.jremix.agent.bytecode.ThisValues}), and which accesses of a constructor happen before
 * {@code this} can escape ({@link io.jremix.agent.bytecode.UnpublishedThis}); volatile-by-default orders those
 * accesses differently, and cache-contention detection leaves them without probes. They change no code.
 */
package io.jremix.agent.bytecode;
