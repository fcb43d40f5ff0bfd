package io.jremix.workloads.cache.repair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link Sequence} padded by hand, the way the LMAX Disruptor pads its {@code Sequence}: the hot field sits in
 * {@link Value}, between {@link LhsPadding} (its superclass: seven longs) and {@link RhsPadding} (its subclass: seven
 * more). The JVM lays out superclass fields first, so {@code value} has 56 bytes of padding on each side whatever
 * order it gives the fields of one class: the object is 136 bytes (with compressed oops, {@code value} at offset 72),
 * and two sequences allocated back to back have their values 136 bytes apart, on different lines (and different
 * 128-byte line pairs).
 */
public final class PaddedSequence extends RhsPadding {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Value.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public PaddedSequence() {
        this(INITIAL_VALUE);
    }

    public PaddedSequence(long initialValue) {
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
