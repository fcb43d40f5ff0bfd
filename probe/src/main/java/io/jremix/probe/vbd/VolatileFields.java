package io.jremix.probe.vbd;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;
import java.util.function.Predicate;

import jdk.internal.misc.Unsafe;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * Volatile loads and stores of instance fields, for the {@code getfield}/{@code putfield} instructions VBD
 * rewrites. The agent gives each field a rewritten class accesses a site number ({@link #site}) and generates, for
 * each such class, a class of force-inlined methods ({@link #defineSites}) that call {@code getX(object, site)} or
 * {@code putX(object, value, site)} with it. Each method here is force-inlined: it reads the
 * field's offset from a table of stable elements, which C2 folds to a constant once the site has run, and makes one
 * {@code Unsafe} volatile access, which C2 compiles exactly as an access to a field declared {@code volatile}: a
 * plain load, or a store followed by one {@code lock addl} on x86. (A negative entry, the complement of the offset,
 * asks for a plain access instead: see {@link #link}.)
 *
 * <p>Why not fences around the plain instruction: C2 drops the barriers of a volatile access to an object that
 * never leaves the method (it replaces the object by scalars), but it cannot drop a free-standing fence, which
 * orders every access around it. Measured on JDK 17 and 25 (2 cores, KVM): 2x10^7 iterations that each allocate a
 * two-field object, write it three times and read it three times take 10 ms with these accesses and 83-92 ms with
 * fences; on an object that escapes, both take the same time. Why a table and not a constant from the class file:
 * JDK 17's C1 and C2 give up on a whole method holding a dynamic constant not yet resolved, and an
 * {@code invokedynamic} constant costs C2 a chain of inlined method-handle calls per site, which pushed Lucene's hot
 * methods over the inlining limits (229 "hot method too big" against 130 with {@code ACC_VOLATILE}).
 *
 * <p>The rewritten site keeps the original instruction's checks (unless its object is {@code this}): it first loads
 * the field plainly and drops the value, so resolution, access checks, {@link NullPointerException} and its message
 * come from the JVM as before; C2 removes that load and keeps its null check. Why a method per site in a class of
 * its own and not a call here with the number pushed: C2's inlining limits count the bytes of the program's methods,
 * and pushing the number made each site 2 to 3 bytes larger. ({@code jdk.internal.misc} is exported to the probes
 * by the agent at start.)
 */
public final class VolatileFields {
    private static final Unsafe U = Unsafe.getUnsafe();

    private VolatileFields() {
    }

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** At most this many sites (4 M); the agent fences the accesses of any later one instead. */
    private static final int CHUNKS = 1024;
    /** Each site's offset, or its complement for a plain access; 0 until the site first runs. */
    @Stable
    private static final long[][] OFFSETS = new long[CHUNKS][];
    /** Each site's field: its class (internal name), name and descriptor. */
    private static final String[][][] FIELDS = new String[CHUNKS][][];
    private static int sites;
    /** Whether a class is the JDK's; none is until the agent sets its rule ({@link #jdkClasses}). */
    private static volatile Predicate<Class<?>> isJdk = c -> false;

    /**
     * Numbers a new site that accesses field {@code name} with type {@code descriptor} of class {@code owner}
     * (internal name), or returns -1 when the table is full.
     */
    public static synchronized int site(String owner, String name, String descriptor) {
        if (sites == CHUNK * CHUNKS) {
            return -1;
        }
        int site = sites++;
        int chunk = site >>> CHUNK_BITS;
        if (FIELDS[chunk] == null) {
            FIELDS[chunk] = new String[CHUNK][];
            OFFSETS[chunk] = new long[CHUNK];
        }
        FIELDS[chunk][site & (CHUNK - 1)] = new String[] {owner, name, descriptor};
        return site;
    }

    /**
     * Defines a class of sites' access methods that the agent generated (in this package, on the boot class path,
     * where their {@code ForceInline} counts) and links it now, so that whatever is wrong with it shows here and not
     * in the program.
     */
    public static void defineSites(byte[] classfile) {
        try {
            MethodHandles.lookup().ensureInitialized(MethodHandles.lookup().defineClass(classfile));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The field of a numbered site: its class (internal name), name and descriptor. */
    public static synchronized String[] field(int site) {
        return FIELDS[site >>> CHUNK_BITS][site & (CHUNK - 1)].clone();
    }

    @ForceInline
    private static long offset(Object o, int site) {
        long at = OFFSETS[site >>> CHUNK_BITS][site & (CHUNK - 1)];
        return at != 0 ? at : link(o, site);
    }

    /**
     * Finds the field of {@code site} as the JVM resolves it from the class the instruction names, which is
     * {@code o}'s class or one above it (the site's plain load has just resolved it, or {@code o} is the
     * {@code this} of a method of that class, which the bytecode verifier let through), and
     * records what the site's accesses use: the field's offset for a volatile access, or its complement for a plain
     * one. A site is rewritten before the field's class may have loaded, so only now is it known whether the field
     * needs no ordering after all: a final field never changes after its constructor's fence, and a field of the
     * JDK's (the class the instruction names is the JDK's by the agent's rule) is relaxed library code, as when that
     * class was known at rewriting. Threads that link one site at once record the same value.
     */
    private static long link(Object o, int site) {
        String[] field = FIELDS[site >>> CHUNK_BITS][site & (CHUNK - 1)];
        Class<?> owner = o.getClass();
        while (owner != null && !owner.getName().replace('.', '/').equals(field[0])) {
            owner = owner.getSuperclass();
        }
        long at = offset(owner != null ? owner : o.getClass(), field[1], field[2]);
        OFFSETS[site >>> CHUNK_BITS][site & (CHUNK - 1)] = at;
        return at;
    }

    /** The offset (or its complement, see {@link #link}) of field {@code name} as resolved from {@code owner}. */
    static long offset(Class<?> owner, String name, String descriptor) {
        DeclaredFields.Found f = DeclaredFields.instanceField(owner, name, descriptor);
        return Modifier.isFinal(f.access()) || isJdk.test(owner) ? ~f.offset() : f.offset();
    }

    /**
     * Sets the rule that tells the JDK's classes from the program's: the agent's, the one its rewriting uses, so a
     * site decides as the rewriter would have (the probes cannot see the agent's classes).
     */
    public static void jdkClasses(Predicate<Class<?>> rule) {
        isJdk = rule;
    }

    @ForceInline
    public static int getInt(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getIntVolatile(o, at) : U.getInt(o, ~at);
    }

    @ForceInline
    public static void putInt(Object o, int v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putIntVolatile(o, at, v);
        } else {
            U.putInt(o, ~at, v);
        }
    }

    @ForceInline
    public static long getLong(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getLongVolatile(o, at) : U.getLong(o, ~at);
    }

    @ForceInline
    public static void putLong(Object o, long v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putLongVolatile(o, at, v);
        } else {
            U.putLong(o, ~at, v);
        }
    }

    @ForceInline
    public static boolean getBoolean(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getBooleanVolatile(o, at) : U.getBoolean(o, ~at);
    }

    /** Takes the {@code int} that {@code putfield} takes and, like it, keeps only the lowest bit. */
    @ForceInline
    public static void putBoolean(Object o, int v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putByteVolatile(o, at, (byte) (v & 1));
        } else {
            U.putByte(o, ~at, (byte) (v & 1));
        }
    }

    @ForceInline
    public static byte getByte(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getByteVolatile(o, at) : U.getByte(o, ~at);
    }

    @ForceInline
    public static void putByte(Object o, byte v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putByteVolatile(o, at, v);
        } else {
            U.putByte(o, ~at, v);
        }
    }

    @ForceInline
    public static short getShort(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getShortVolatile(o, at) : U.getShort(o, ~at);
    }

    @ForceInline
    public static void putShort(Object o, short v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putShortVolatile(o, at, v);
        } else {
            U.putShort(o, ~at, v);
        }
    }

    @ForceInline
    public static char getChar(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getCharVolatile(o, at) : U.getChar(o, ~at);
    }

    @ForceInline
    public static void putChar(Object o, char v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putCharVolatile(o, at, v);
        } else {
            U.putChar(o, ~at, v);
        }
    }

    @ForceInline
    public static float getFloat(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getFloatVolatile(o, at) : U.getFloat(o, ~at);
    }

    @ForceInline
    public static void putFloat(Object o, float v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putFloatVolatile(o, at, v);
        } else {
            U.putFloat(o, ~at, v);
        }
    }

    @ForceInline
    public static double getDouble(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getDoubleVolatile(o, at) : U.getDouble(o, ~at);
    }

    @ForceInline
    public static void putDouble(Object o, double v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putDoubleVolatile(o, at, v);
        } else {
            U.putDouble(o, ~at, v);
        }
    }

    @ForceInline
    public static Object getReference(Object o, int site) {
        long at = offset(o, site);
        return at >= 0 ? U.getReferenceVolatile(o, at) : U.getReference(o, ~at);
    }

    @ForceInline
    public static void putReference(Object o, Object v, int site) {
        long at = offset(o, site);
        if (at >= 0) {
            U.putReferenceVolatile(o, at, v);
        } else {
            U.putReference(o, ~at, v);
        }
    }
}
