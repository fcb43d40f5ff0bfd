package io.jremix.probe.cache;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import jdk.internal.vm.annotation.DontInline;

/**
 * The recording path of the probes: resolves what was accessed to (object, offset, size), takes the object's
 * address within the current GC epoch and appends the event to the thread's buffer.
 *
 * <p>The entry points are never inlined: the program's compiled code calls them out of line anyway (its probes'
 * recording branch is rare), and so the code that {@link RecorderWarmUp} has C2 compile is the very code the
 * program calls. Inlined into the warm-up's own loop, the rarer ones (VarHandle, static field, Unsafe, header) were
 * never compiled on their own, and a program traced in bursts called them through C1's profiling code.
 *
 * <p>Each entry point first draws the thread's next sampling period and tests the gate ({@link CacheProbe#restart}),
 * which the probes leave to it to stay small.
 *
 * <p>Never throws into the program: each entry point drops its sample on any runtime exception, linkage error or
 * virtual-machine error (a full heap when a thread's buffer is made, a stack the probe's frames overflowed); a
 * {@code ThreadDeath} passes through, as it would have through the program's own access.
 */
final class TraceRecorder {
    private TraceRecorder() {
    }

    @DontInline
    static void field(Object o, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            CacheSite s = CacheSites.get(siteId);
            if (o != null && s != null) {
                record(o, EventMeta.OFFSET_FROM_SITE, EventMeta.of(s.size(), s.write(), EventMeta.FIELD), o.getClass(),
                        siteId);
            }
        } catch (RuntimeException | LinkageError | VirtualMachineError e) {
            // the sample is lost; the program's access goes ahead
        }
    }

    @DontInline
    static void header(Object o, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            if (o != null && CacheSites.get(siteId) != null) {
                record(o, HeapAddresses.classWordOffset(), EventMeta.of(HeapAddresses.classWordSize(), false,
                        EventMeta.FIELD), o.getClass(), siteId);
            }
        } catch (RuntimeException | LinkageError | VirtualMachineError e) {
            // the sample is lost; the program's call goes ahead
        }
    }

    @DontInline
    static void staticField(Class<?> owner, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            CacheSite s = CacheSites.get(siteId);
            if (s != null) {
                CacheSite.StaticSlot slot = s.staticSlot(owner);
                record(slot.base(), slot.offset(), EventMeta.of(s.size(), s.write(), EventMeta.STATIC), slot.base(),
                        siteId);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError | VirtualMachineError e) {
            // the program's own access reports the problem, if there is one
        }
    }

    @DontInline
    static void element(Object array, int index, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            CacheSite s = CacheSites.get(siteId);
            if (s != null && array != null && index >= 0 && index < Array.getLength(array)) {
                recordElement(array, index, s.write(), siteId);
            }
        } catch (RuntimeException | LinkageError | VirtualMachineError e) {
            // the sample is lost; the program's access goes ahead
        }
    }

    @DontInline
    static void unsafe(Object base, long offset, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            CacheSite s = CacheSites.get(siteId);
            if (s == null || base == null || offset < 0 || offset > Integer.MAX_VALUE) {
                return; // off-heap or absolute addressing
            }
            int location = base instanceof Class ? EventMeta.STATIC
                    : base.getClass().isArray() ? EventMeta.ELEMENT : EventMeta.FIELD;
            record(base, (int) offset, EventMeta.of(s.size(), s.write(), location),
                    base instanceof Class ? base : base.getClass(), siteId);
        } catch (RuntimeException | LinkageError | VirtualMachineError e) {
            // the sample is lost; the program's access goes ahead
        }
    }

    @DontInline
    static void varHandle(VarHandle handle, Object first, int second, int siteId) {
        if (!CacheProbe.restart()) {
            return;
        }
        try {
            CacheSite s = CacheSites.get(siteId);
            if (s != null && handle != null) {
                VarHandle direct = VarHandleShape.direct(handle);
                recordVarHandle(VarHandleShape.of(direct), direct, first, second, s.write(), siteId);
            }
        } catch (RuntimeException | LinkageError | VirtualMachineError e) {
            // the sample is lost; the program's access goes ahead
        }
    }

    private static void recordVarHandle(VarHandleShape shape, VarHandle handle, Object first, int second,
                                        boolean write, int siteId) {
        switch (shape.kind()) {
            case INSTANCE -> {
                if (first != null) {
                    record(first, shape.offset(handle), EventMeta.of(shape.size(), write, EventMeta.FIELD),
                            first.getClass(), siteId);
                }
            }
            case STATIC -> {
                Object base = shape.base(handle);
                record(base, shape.offset(handle), EventMeta.of(shape.size(), write, EventMeta.STATIC), base, siteId);
            }
            case ARRAY -> {
                if (first != null && first.getClass().isArray() && second >= 0 && second < Array.getLength(first)) {
                    recordElement(first, second, write, siteId);
                }
            }
            default -> {
                // views over byte arrays and buffers, and handles adapted by MethodHandles, are not traced
            }
        }
    }

    private static void recordElement(Object array, int index, boolean write, int siteId) {
        Class<?> type = array.getClass();
        int scale = HeapAddresses.sizeOf(type.getComponentType());
        long offset = HeapAddresses.arrayBaseOffset(type) + (long) index * scale;
        if (offset <= Integer.MAX_VALUE) { // elements 2 GB or more into an array: the event holds an int offset
            record(array, (int) offset, EventMeta.of(scale, write, EventMeta.ELEMENT), type, siteId);
        }
    }

    /** For one sample in {@link CallerFrames#EVERY} of JDK code, the frame outside the JDK that called it; else -1. */
    private static int caller(int siteId, EventBuffer b) {
        CacheSite s = CacheSites.get(siteId);
        return s != null && s.jdkCode() && b.callerDue() ? CallerFrames.caller() : -1;
    }

    private static void record(Object base, int offset, int meta, Object type, int siteId) {
        EventBuffer b = EventBuffer.enter();
        if (b == null) {
            return;
        }
        try {
            GcEpoch epoch = GcEpoch.current(b.holder);
            long address = HeapAddresses.addressOf(base, b.holder);
            long now = System.nanoTime();
            // one branch, not two: C2 keeps the way of a collection during the record, which the warm-up's ends of
            // bursts take, instead of a trap that sends the program's methods back to the interpreter
            if (epoch.live(b.holder) & !CacheProbe.burstOver(now)) {
                b.append(now, address, offset, meta, type, siteId, epoch.epoch, caller(siteId, b));
            }
        } finally {
            b.exit();
        }
    }
}
