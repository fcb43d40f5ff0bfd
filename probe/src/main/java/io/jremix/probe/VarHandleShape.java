package io.jremix.probe;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * What a VarHandle points at: an instance field (offset), a static field (mirror and offset) or the elements of an
 * array type. Read once per handle from the JDK's VarHandle implementation fields ({@code fieldOffset},
 * {@code base}), which are the same in JDK 17 and 25.
 */
record VarHandleShape(Kind kind, Object base, int offset, int size) {
    enum Kind { INSTANCE, STATIC, ARRAY, UNSUPPORTED }

    private static final VarHandleShape UNSUPPORTED = new VarHandleShape(Kind.UNSUPPORTED, null, 0, 0);
    private static final Map<VarHandle, VarHandleShape> CACHE = new WeakHashMap<>();

    static VarHandleShape of(VarHandle handle) {
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(handle, VarHandleShape::inspect);
        }
    }

    private static VarHandleShape inspect(VarHandle h) {
        try {
            List<Class<?>> coordinates = h.coordinateTypes();
            int size = HeapAddresses.sizeOf(h.varType());
            if (coordinates.size() == 1 && !coordinates.get(0).isArray()) {
                return new VarHandleShape(Kind.INSTANCE, null, (int) readLong(h, "fieldOffset"), size);
            }
            if (coordinates.isEmpty()) {
                Object base = HeapAddresses.getReference(h, offsetOf(h, "base"));
                return new VarHandleShape(Kind.STATIC, base, (int) readLong(h, "fieldOffset"), size);
            }
            if (coordinates.size() == 2 && coordinates.get(1) == int.class
                    && coordinates.get(0).getComponentType() == h.varType()) {
                return new VarHandleShape(Kind.ARRAY, null, 0, size);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // an implementation this code does not know: leave it untraced
        }
        return UNSUPPORTED;
    }

    private static long readLong(Object o, String field) throws NoSuchFieldException {
        return HeapAddresses.getLong(o, offsetOf(o, field));
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
