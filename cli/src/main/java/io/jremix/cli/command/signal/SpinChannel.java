package io.jremix.cli.command.signal;

/** A volatile store seen by a waiter that busy-spins: no system call at all, paid for with a whole core. */
final class SpinChannel implements WakeupChannel {
    private volatile long seq;

    @Override
    public void signal(long next) {
        seq = next;
    }

    @Override
    public long await(long seen) throws InterruptedException {
        long s;
        while ((s = seq) == seen) {
            Thread.onSpinWait();
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return s;
    }
}
