/**
 * Repair planning: which fields of a falsely shared class to pad, and how to group them, from the findings of the
 * cache analysis. Free of bytecode; the agent applies a plan when the classes load.
 */
package io.jremix.core.cache.repair;
