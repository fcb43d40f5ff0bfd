package io.jremix.workloads.libs;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Two threads add to one {@link LongAdder}: under contention it gives each thread a cell of its own, and the JDK
 * pads the cells with {@code @Contended}, so this is a control that must show no false sharing.
 *
 * <p>Usage: {@code Adders <count per thread>}; exits 1 if the sum is wrong.
 */
public final class Adders {
    private Adders() {
    }

    public static void main(String[] args) throws InterruptedException {
        long count = Long.parseLong(args[0]);
        LongAdder adder = new LongAdder();
        Runnable add = () -> {
            for (long i = 0; i < count; i++) {
                adder.increment();
            }
        };
        long start = System.nanoTime();
        Thread a = new Thread(add, "adder-1");
        Thread b = new Thread(add, "adder-2");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.printf(Locale.ROOT, "Adders Time %dns result=%d%n", System.nanoTime() - start, adder.sum());
        if (adder.sum() != 2 * count) {
            System.exit(1);
        }
    }
}
