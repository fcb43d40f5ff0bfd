package io.jremix.workloads.cache.repair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A sequence with no padding: a 24-byte object (with compressed oops) whose only field is the hot {@code value}, so
 * sequences allocated one after the other have their values 24 bytes apart and share cache lines. This is the class
 * jremix repairs ({@code io.jremix.workloads.cache.repair.Sequence::value}); {@link PaddedSequence} is its fix by hand.
 */
public class Sequence extends AbstractSequence {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Sequence.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long value;

    public Sequence() {
        this(INITIAL_VALUE);
    }

    public Sequence(long initialValue) {
        value = initialValue;
    }

    @Override
    public long get() {
        return value;
    }

    @Override
    public void set(long v) {
        value = v;
    }

    @Override
    public boolean compareAndSet(long expected, long v) {
        return VALUE.compareAndSet(this, expected, v);
    }

    @Override
    public String toString() {
        return Long.toString(get());
    }
}
