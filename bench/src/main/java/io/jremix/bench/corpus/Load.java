package io.jremix.bench.corpus;

/**
 * Busy loops, one per core, while a run is measured loaded: the machine a program shares with other work, where
 * its threads take turns on the cores rather than run side by side.
 */
final class Load implements AutoCloseable {
    private final Thread[] spinners = new Thread[Runtime.getRuntime().availableProcessors()];
    private volatile boolean stopped;

    Load() {
        for (int i = 0; i < spinners.length; i++) {
            spinners[i] = new Thread(this::spin, "load-" + (i + 1));
            spinners[i].setDaemon(true);
            spinners[i].start();
        }
    }

    /** Reads the flag and nothing else: no pause instruction, so that the loop keeps its core as busy as it can. */
    private void spin() {
        while (!stopped) {
            // spin
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread t : spinners) {
            t.join();
        }
    }
}
