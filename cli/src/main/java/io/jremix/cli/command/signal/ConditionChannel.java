package io.jremix.cli.command.signal;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** {@link ReentrantLock} + {@link Condition#await()}/{@link Condition#signal()}: the j.u.c. twin of notify. */
final class ConditionChannel implements WakeupChannel {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();
    private long seq;

    @Override
    public void signal(long next) {
        lock.lock();
        try {
            seq = next;
            published.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long await(long seen) throws InterruptedException {
        lock.lock();
        try {
            while (seq == seen) {
                published.await();
            }
            return seq;
        } finally {
            lock.unlock();
        }
    }
}
