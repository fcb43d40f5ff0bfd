package io.jremix.cli.command.signal;

/** {@code synchronized} + {@code Object.wait/notify} with the sequence as the condition, as the blog measured. */
final class NotifyChannel implements WakeupChannel {
    private final Object lock = new Object();
    private long seq;

    @Override
    public void signal(long next) {
        synchronized (lock) {
            seq = next;
            lock.notify();
        }
    }

    @Override
    public long await(long seen) throws InterruptedException {
        synchronized (lock) {
            while (seq == seen) {
                lock.wait();
            }
            return seq;
        }
    }
}
