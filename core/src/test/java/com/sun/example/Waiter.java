package com.sun.example;

/**
 * A class in a {@code com.sun} package that is not the JDK's, which waits on a monitor for a millisecond: JFR records
 * the wait with its frames. It depends on the JDK alone, so any loader can define it.
 */
public final class Waiter implements Runnable {
    @Override
    public void run() {
        Object monitor = new Object();
        synchronized (monitor) {
            try {
                monitor.wait(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
