package io.jremix.cli.command.jit;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A hot loop over four stores with different ordering: a volatile store (a StoreLoad barrier, {@code lock add} on
 * x86), {@code getAndSet} ({@code xchg} with memory), {@code compareAndSet} ({@code lock cmpxchg}) and a plain
 * store, the control that needs no barrier. Run with the iteration count as argument.
 */
public final class OrderingLoop {
    private static volatile long published;
    private static long plain;
    private static final AtomicLong ATOMIC = new AtomicLong();

    static void publish(long value) {
        published = value;
    }

    static long swap(long value) {
        return ATOMIC.getAndSet(value);
    }

    static boolean cas(long expected, long value) {
        return ATOMIC.compareAndSet(expected, value);
    }

    static void store(long value) {
        plain = value;
    }

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        long sum = 0;
        for (long i = 0; i < n; i++) {
            publish(i);
            sum += swap(i);
            sum += cas(i, i + 1) ? 1 : 0;
            store(i);
        }
        System.out.println("done " + (sum + published + plain));
    }
}
