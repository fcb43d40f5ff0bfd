package io.jremix.bench.corpus.drivers;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How far a sender may run ahead of its receiver, so that an unbounded queue (a linked queue, an executor's task
 * queue) holds at most {@value #LIMIT} items: the receiver publishes its count every {@value #STEP} items, the
 * sender waits while it is {@value #LIMIT} ahead of the count. The count lives in the middle of an array of its own,
 * more than a line from either end, so that the driver adds no false sharing of its own to what the library has.
 */
final class Backlog {
    static final long LIMIT = 65_536;
    /** Publishing every item would move the count's line between the cores on every item. */
    private static final long STEP = 1_024;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    /** 16 longs (128 bytes) on each side of the count: no other object's data within a line of it. */
    private static final int PAD = 16;
    private final long[] received = new long[2 * PAD + 1];

    /** Called by the receiver after each item with its running count. */
    void received(long count) {
        if (count % STEP == 0) {
            SLOT.setRelease(received, PAD, count);
        }
    }

    /** Waits until {@code sent} is less than {@value #LIMIT} items ahead of the receiver. */
    void awaitRoom(long sent) {
        while (sent - (long) SLOT.getAcquire(received, PAD) >= LIMIT) {
            Thread.onSpinWait();
        }
    }
}
