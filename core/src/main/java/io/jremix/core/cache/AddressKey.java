package io.jremix.core.cache;

/**
 * A map key for a number tied to an address (an object's base, a cache line's number) within a GC epoch. Mutable, so
 * that a map looked up once per sampled access keeps one key for lookups and allocates only for what it adds.
 */
public final class AddressKey {
    int epoch;
    long value;

    /** Makes this key {@code v} of epoch {@code e}, and returns it. */
    public AddressKey at(int e, long v) {
        epoch = e;
        value = v;
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AddressKey k && k.epoch == epoch && k.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value * 31 + epoch);
    }
}
