package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import jdk.internal.misc.Unsafe;
import jdk.internal.vm.annotation.ForceInline;

/**
 * Volatile loads and stores of instance fields, for the {@code getfield}/{@code putfield} instructions VBD
 * rewrites. A site reads the field's offset from a constant {@code invokedynamic} site ({@link #offsetSite}, linked
 * when the site first runs) and calls {@code getX(object, offset)} or {@code putX(object, value, offset)}; each
 * method is one force-inlined {@code Unsafe} volatile access, which C2 compiles exactly as an access to a field
 * declared {@code volatile}: a plain load, or a store followed by one {@code lock addl} on x86. (A negative offset,
 * the complement of the real one, asks for a plain access instead: see {@link #offset}.)
 *
 * <p>Why not fences around the plain instruction: C2 drops the barriers of a volatile access to an object that
 * never leaves the method (it replaces the object by scalars), but it cannot drop a free-standing fence, which
 * orders every access around it. Measured on JDK 17 and 25 (2 cores, KVM): 2x10^7 iterations that each allocate a
 * two-field object, write it three times and read it three times take 10 ms with these accesses and 83-92 ms with
 * fences; on an object that escapes, both take the same time.
 *
 * <p>The rewritten site keeps the original instruction's checks: it first loads the field plainly and drops the
 * value, so resolution, access checks, {@link NullPointerException} and its message come from the JVM as before;
 * C2 removes that load and keeps its null check. ({@code jdk.internal.misc} is exported to the probes by the agent
 * at start.)
 */
public final class VolatileFields {
    private static final Unsafe U = Unsafe.getUnsafe();

    private VolatileFields() {
    }

    /**
     * What a site passes its accessor for the instance field {@code name} with type {@code descriptor}, as the JVM
     * resolves it from {@code owner} (declared there or in a superclass; the site has already resolved it through
     * its plain load, so it exists): the field's offset for a volatile access, or the offset's complement for a
     * plain one. A site is rewritten before the field's class may have loaded, so only now is it known whether the
     * field needs no ordering after all: a final field never changes after its constructor's fence, and a field of
     * the JDK's (the site names a class of the boot or platform loader) is relaxed library code, as when that class
     * was known at rewriting.
     */
    static long offset(Class<?> owner, String name, String descriptor) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())
                        && f.getType().descriptorString().equals(descriptor)) {
                    long offset = U.objectFieldOffset(f);
                    return Modifier.isFinal(f.getModifiers()) || isJdk(owner) ? ~offset : offset;
                }
            }
        }
        throw new NoSuchFieldError(owner.getName() + "." + name);
    }

    private static boolean isJdk(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    /**
     * Bootstrap method of a site's offset: a constant call site, which C1 and C2 fold as they fold a constant, and
     * with it the accessor's choice between a volatile and a plain access.
     */
    public static CallSite offsetSite(MethodHandles.Lookup caller, String name, MethodType type, Class<?> owner,
                                      String descriptor) {
        return new ConstantCallSite(MethodHandles.constant(long.class, offset(owner, name, descriptor)));
    }

    @ForceInline
    public static int getInt(Object o, long at) {
        return at >= 0 ? U.getIntVolatile(o, at) : U.getInt(o, ~at);
    }

    @ForceInline
    public static void putInt(Object o, int v, long at) {
        if (at >= 0) {
            U.putIntVolatile(o, at, v);
        } else {
            U.putInt(o, ~at, v);
        }
    }

    @ForceInline
    public static long getLong(Object o, long at) {
        return at >= 0 ? U.getLongVolatile(o, at) : U.getLong(o, ~at);
    }

    @ForceInline
    public static void putLong(Object o, long v, long at) {
        if (at >= 0) {
            U.putLongVolatile(o, at, v);
        } else {
            U.putLong(o, ~at, v);
        }
    }

    @ForceInline
    public static boolean getBoolean(Object o, long at) {
        return at >= 0 ? U.getBooleanVolatile(o, at) : U.getBoolean(o, ~at);
    }

    /** Takes the {@code int} that {@code putfield} takes and, like it, keeps only the lowest bit. */
    @ForceInline
    public static void putBoolean(Object o, int v, long at) {
        if (at >= 0) {
            U.putByteVolatile(o, at, (byte) (v & 1));
        } else {
            U.putByte(o, ~at, (byte) (v & 1));
        }
    }

    @ForceInline
    public static byte getByte(Object o, long at) {
        return at >= 0 ? U.getByteVolatile(o, at) : U.getByte(o, ~at);
    }

    @ForceInline
    public static void putByte(Object o, byte v, long at) {
        if (at >= 0) {
            U.putByteVolatile(o, at, v);
        } else {
            U.putByte(o, ~at, v);
        }
    }

    @ForceInline
    public static short getShort(Object o, long at) {
        return at >= 0 ? U.getShortVolatile(o, at) : U.getShort(o, ~at);
    }

    @ForceInline
    public static void putShort(Object o, short v, long at) {
        if (at >= 0) {
            U.putShortVolatile(o, at, v);
        } else {
            U.putShort(o, ~at, v);
        }
    }

    @ForceInline
    public static char getChar(Object o, long at) {
        return at >= 0 ? U.getCharVolatile(o, at) : U.getChar(o, ~at);
    }

    @ForceInline
    public static void putChar(Object o, char v, long at) {
        if (at >= 0) {
            U.putCharVolatile(o, at, v);
        } else {
            U.putChar(o, ~at, v);
        }
    }

    @ForceInline
    public static float getFloat(Object o, long at) {
        return at >= 0 ? U.getFloatVolatile(o, at) : U.getFloat(o, ~at);
    }

    @ForceInline
    public static void putFloat(Object o, float v, long at) {
        if (at >= 0) {
            U.putFloatVolatile(o, at, v);
        } else {
            U.putFloat(o, ~at, v);
        }
    }

    @ForceInline
    public static double getDouble(Object o, long at) {
        return at >= 0 ? U.getDoubleVolatile(o, at) : U.getDouble(o, ~at);
    }

    @ForceInline
    public static void putDouble(Object o, double v, long at) {
        if (at >= 0) {
            U.putDoubleVolatile(o, at, v);
        } else {
            U.putDouble(o, ~at, v);
        }
    }

    @ForceInline
    public static Object getReference(Object o, long at) {
        return at >= 0 ? U.getReferenceVolatile(o, at) : U.getReference(o, ~at);
    }

    @ForceInline
    public static void putReference(Object o, Object v, long at) {
        if (at >= 0) {
            U.putReferenceVolatile(o, at, v);
        } else {
            U.putReference(o, ~at, v);
        }
    }
}
