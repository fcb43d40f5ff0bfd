package io.jremix.core.cache;

/**
 * One sampled memory access.
 *
 * @param time    {@link System#nanoTime()} when it was recorded
 * @param thread  small index of the accessing thread
 * @param epoch   GC epoch; addresses of different epochs are never compared
 * @param address absolute byte address of the datum within its epoch
 * @param write   true for stores and read-modify-writes
 * @param datum   what was accessed
 * @param site    id of the bytecode site that made the access (for the report), or -1
 */
public record Access(long time, int thread, int epoch, long address, boolean write, Datum datum, int site) {
}
