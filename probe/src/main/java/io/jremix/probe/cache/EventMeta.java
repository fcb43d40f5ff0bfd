package io.jremix.probe.cache;

/**
 * Packs what an event is into one int: access size, read or write, and where the datum lives.
 * The raw event's {@code address} is the address of the object (the class mirror for static fields);
 * {@code offset} is the datum's offset in it, or {@link #OFFSET_FROM_SITE} when the field site names it.
 */
public final class EventMeta {
    public static final int FIELD = 0;
    public static final int STATIC = 1;
    public static final int ELEMENT = 2;
    public static final int OFFSET_FROM_SITE = -1;

    private static final int SIZE_MASK = 0x3FF;
    private static final int WRITE = 1 << 10;
    private static final int LOCATION_SHIFT = 11;

    private EventMeta() {
    }

    static int of(int size, boolean write, int location) {
        return (size & SIZE_MASK) | (write ? WRITE : 0) | (location << LOCATION_SHIFT);
    }

    public static int size(int meta) {
        return meta & SIZE_MASK;
    }

    public static boolean write(int meta) {
        return (meta & WRITE) != 0;
    }

    /** {@link #FIELD}, {@link #STATIC} or {@link #ELEMENT}. */
    public static int location(int meta) {
        return meta >>> LOCATION_SHIFT;
    }
}
