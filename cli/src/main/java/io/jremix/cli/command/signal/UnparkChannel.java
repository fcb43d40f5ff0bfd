package io.jremix.cli.command.signal;

import java.util.concurrent.locks.LockSupport;

/** A volatile sequence and {@link LockSupport#unpark}: no lock, but still a futex wake when the waiter sleeps. */
final class UnparkChannel implements WakeupChannel {
    private volatile long seq;
    private volatile Thread waiter;

    @Override
    public void waiterReady() {
        waiter = Thread.currentThread();
    }

    @Override
    public void signal(long next) {
        seq = next;
        LockSupport.unpark(waiter);
    }

    @Override
    public long await(long seen) throws InterruptedException {
        long s;
        while ((s = seq) == seen) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return s;
    }
}
