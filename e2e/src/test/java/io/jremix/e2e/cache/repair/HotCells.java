package io.jremix.e2e.cache.repair;

/**
 * BaseTest, the REMIX paper's example, in a class of its own, so that {@link ReloadedContention} can load fresh
 * copies of it in new class loaders: threads each write their own {@link Cell}, allocated side by side.
 */
public final class HotCells {
    private HotCells() {
    }

    /** The falsely shared class. */
    public static final class Cell {
        volatile long value;
    }

    /** Runs {@code threads} writers for {@code iterations} each; returns the elapsed nanoseconds. */
    public static long run(int threads, long iterations) throws InterruptedException {
        Cell[] cells = new Cell[threads];
        for (int i = 0; i < threads; i++) {
            cells[i] = new Cell();
        }
        Thread[] workers = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            Cell c = cells[t];
            workers[t] = new Thread(() -> {
                long sum = 0;
                for (long i = iterations; i != 0; i--) {
                    c.value = i;
                    sum += c.value;
                }
                c.value = sum;
            });
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        return System.nanoTime() - start;
    }
}
