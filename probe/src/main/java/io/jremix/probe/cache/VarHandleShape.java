package io.jremix.probe.cache;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the VarHandles of one implementation class point at: an instance field (at the offset the handle holds), a
 * static field (mirror and offset) or the elements of an array type. The JDK makes one class per kind of handle and
 * value type ({@code VarHandleInts.FieldInstanceReadWrite}, ...), so the shape is read once per class, from the
 * implementation fields {@code fieldOffset} and {@code base} (the same in JDK 17 and 25), and each sample only reads
 * the handle's own offset and base: no monitor and no allocation on the sampling path.
 *
 * <p>From Java 22 a static field handle made before its class is initialized is a
 * {@code java.lang.invoke.LazyInitializingVarHandle}, which initializes the class on first use and then does what the
 * direct handle it holds in {@code target} does; a program that makes its handles in its own static initializer gets
 * those. Its shape is {@link Kind#LAZY}, and {@link #direct} gives the handle it wraps.
 *
 * @param fieldOffsetAt where a handle of this class holds its field's offset, or for LAZY the handle it wraps
 * @param baseAt        where a static field handle holds the mirror of the field's class
 */
record VarHandleShape(Kind kind, long fieldOffsetAt, long baseAt, int size) {
    enum Kind { INSTANCE, STATIC, ARRAY, LAZY, UNSUPPORTED }

    private static final VarHandleShape UNSUPPORTED = new VarHandleShape(Kind.UNSUPPORTED, -1, -1, 0);
    private static final String LAZY_CLASS = "java.lang.invoke.LazyInitializingVarHandle";
    /** By implementation class: the JDK's own classes, a bounded set that is never unloaded. */
    private static final Map<Class<?>, VarHandleShape> BY_CLASS = new ConcurrentHashMap<>();

    static VarHandleShape of(VarHandle handle) {
        VarHandleShape s = BY_CLASS.get(handle.getClass());
        if (s == null) {
            s = inspect(handle);
            BY_CLASS.putIfAbsent(handle.getClass(), s);
        }
        return s;
    }

    /** The handle that makes the access: the one a LAZY handle wraps, else {@code h} itself. */
    static VarHandle direct(VarHandle h) {
        VarHandleShape s = of(h);
        return s.kind == Kind.LAZY ? (VarHandle) HeapAddresses.getReference(h, s.fieldOffsetAt) : h;
    }

    /** The offset of the field {@code h} points at; {@code h} is of this shape's class, INSTANCE or STATIC. */
    int offset(VarHandle h) {
        return (int) HeapAddresses.getLong(h, fieldOffsetAt);
    }

    /** The mirror holding the static field {@code h} points at; {@code h} is of this shape's class, STATIC. */
    Object base(VarHandle h) {
        return HeapAddresses.getReference(h, baseAt);
    }

    private static VarHandleShape inspect(VarHandle h) {
        try {
            if (h.getClass().getName().equals(LAZY_CLASS)) {
                return new VarHandleShape(Kind.LAZY, offsetOf(h, "target"), -1, 0);
            }
            List<Class<?>> coordinates = h.coordinateTypes();
            int size = HeapAddresses.sizeOf(h.varType());
            if (coordinates.size() == 1 && !coordinates.get(0).isArray()) {
                return new VarHandleShape(Kind.INSTANCE, offsetOf(h, "fieldOffset"), -1, size);
            }
            if (coordinates.isEmpty()) {
                return new VarHandleShape(Kind.STATIC, offsetOf(h, "fieldOffset"), offsetOf(h, "base"), size);
            }
            if (coordinates.size() == 2 && coordinates.get(1) == int.class
                    && coordinates.get(0).getComponentType() == h.varType()) {
                return new VarHandleShape(Kind.ARRAY, -1, -1, size);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // an implementation this code does not know: leave it untraced
        }
        return UNSUPPORTED;
    }

    private static long offsetOf(Object o, String field) throws NoSuchFieldException {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(field)) {
                    return HeapAddresses.objectFieldOffset(f);
                }
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + field);
    }
}
