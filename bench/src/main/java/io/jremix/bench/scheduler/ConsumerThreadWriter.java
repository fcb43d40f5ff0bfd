package io.jremix.bench.scheduler;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Disruptor-style: a worker claims a sequence, waits while the ring is full, stores its result in the sequence's slot
 * and publishes it; one consumer thread emits the slots in sequence order, spinning and then yielding while the next
 * one is not published (the Disruptor's yielding wait strategy). Cursors are 128 bytes apart, like the scheduler's.
 */
final class ConsumerThreadWriter {
    private static final int CLAIMED = 16;
    private static final int CONSUMED = 32;
    private static final int SPINS = 100;

    private final long[] values;
    private final AtomicLongArray published;
    private final AtomicLongArray cursors = new AtomicLongArray(48);
    private final int mask;
    private final OrderedSink sink;
    private final Thread consumer;
    private volatile boolean running = true;

    ConsumerThreadWriter(int capacity, OrderedSink sink) {
        this.values = new long[capacity];
        this.published = new AtomicLongArray(capacity);
        for (int i = 0; i < capacity; i++) {
            published.set(i, -1);
        }
        this.mask = capacity - 1;
        this.sink = sink;
        this.consumer = new Thread(this::consume, "ordered-consumer");
        consumer.setDaemon(true);
        consumer.start();
    }

    long acquire() {
        long sequence = cursors.getAndIncrement(CLAIMED);
        for (int round = 0; sequence - cursors.get(CONSUMED) > mask; round++) {
            idle(round);
        }
        return sequence;
    }

    void publish(long sequence, long value) {
        int i = (int) sequence & mask;
        values[i] = value;
        published.lazySet(i, sequence);
    }

    /** Stops the consumer once it has emitted every claimed sequence; returns how many were claimed. */
    long close() throws InterruptedException {
        long claimed = cursors.get(CLAIMED);
        while (cursors.get(CONSUMED) < claimed) {
            Thread.yield();
        }
        running = false;
        consumer.join();
        return claimed;
    }

    private void consume() {
        long next = 0;
        int round = 0;
        while (running) {
            int i = (int) next & mask;
            if (published.get(i) == next) {
                sink.accept(next, values[i]);
                cursors.lazySet(CONSUMED, ++next);
                round = 0;
            } else {
                idle(round++);
            }
        }
    }

    private static void idle(int round) {
        if (round < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }
}
