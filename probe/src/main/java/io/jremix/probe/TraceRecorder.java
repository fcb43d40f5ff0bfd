package io.jremix.probe;

import java.lang.invoke.VarHandle;

/**
 * The recording path of the probes: resolves what was accessed to (object, offset, size), takes the object's
 * address within the current GC epoch and appends the event to the thread's buffer. Never throws into the program.
 */
final class TraceRecorder {
    private TraceRecorder() {
    }

    static void field(Object o, int siteId) {
        CacheSite s = CacheSites.get(siteId);
        if (o != null && s != null) {
            record(o, EventMeta.OFFSET_FROM_SITE, EventMeta.of(s.size(), s.write(), EventMeta.FIELD), o.getClass(), siteId);
        }
    }

    static void staticField(Class<?> owner, int siteId) {
        CacheSite s = CacheSites.get(siteId);
        if (s == null) {
            return;
        }
        try {
            CacheSite.StaticSlot slot = s.staticSlot(owner);
            record(slot.base(), slot.offset(), EventMeta.of(s.size(), s.write(), EventMeta.STATIC), slot.base(), siteId);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // the program's own access reports the problem, if there is one
        }
    }

    static void element(Object array, int index, int siteId) {
        CacheSite s = CacheSites.get(siteId);
        if (s == null || array == null || index < 0 || index >= java.lang.reflect.Array.getLength(array)) {
            return;
        }
        recordElement(array, index, s.write(), siteId);
    }

    static void unsafe(Object base, long offset, int siteId) {
        CacheSite s = CacheSites.get(siteId);
        if (s == null || base == null || offset < 0 || offset > Integer.MAX_VALUE) {
            return; // off-heap or absolute addressing
        }
        int location = base instanceof Class ? EventMeta.STATIC
                : base.getClass().isArray() ? EventMeta.ELEMENT : EventMeta.FIELD;
        record(base, (int) offset, EventMeta.of(s.size(), s.write(), location), base instanceof Class ? base : base.getClass(), siteId);
    }

    static void varHandle(VarHandle handle, Object first, int second, int siteId) {
        CacheSite s = CacheSites.get(siteId);
        if (s == null || handle == null) {
            return;
        }
        VarHandleShape shape = VarHandleShape.of(handle);
        switch (shape.kind()) {
            case INSTANCE -> {
                if (first != null) {
                    record(first, shape.offset(), EventMeta.of(shape.size(), s.write(), EventMeta.FIELD), first.getClass(), siteId);
                }
            }
            case STATIC -> record(shape.base(), shape.offset(), EventMeta.of(shape.size(), s.write(), EventMeta.STATIC), shape.base(), siteId);
            case ARRAY -> {
                if (first != null && first.getClass().isArray() && second >= 0
                        && second < java.lang.reflect.Array.getLength(first)) {
                    recordElement(first, second, s.write(), siteId);
                }
            }
            default -> {
                // views over byte arrays and buffers, and wrapped handles, are not traced
            }
        }
    }

    private static void recordElement(Object array, int index, boolean write, int siteId) {
        Class<?> type = array.getClass();
        int scale = HeapAddresses.sizeOf(type.getComponentType());
        int offset = HeapAddresses.arrayBaseOffset(type) + index * scale;
        record(array, offset, EventMeta.of(scale, write, EventMeta.ELEMENT), type, siteId);
    }

    private static void record(Object base, int offset, int meta, Object type, int siteId) {
        EventBuffer b = EventBuffer.enter();
        if (b == null) {
            return;
        }
        try {
            GcEpoch epoch = GcEpoch.current();
            long address = HeapAddresses.addressOf(base, b.holder);
            long now = System.nanoTime();
            if (epoch.live()) {
                b.append(now, address, offset, meta, type, siteId, epoch.epoch);
            }
        } finally {
            b.exit();
        }
    }
}
