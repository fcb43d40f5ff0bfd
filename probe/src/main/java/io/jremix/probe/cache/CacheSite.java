package io.jremix.probe.cache;


/**
 * One instrumented bytecode instruction: what it accesses and where it is. The agent creates sites while it
 * transforms a class; probes receive the site id.
 */
public final class CacheSite {
    /** The instruction family; {@code HEADER} is an interface call, which reads its receiver's class word. */
    public enum Kind { FIELD, STATIC, ELEMENT, UNSAFE, VARHANDLE, HEADER }

    private final Kind kind;
    private final boolean write;
    private final int size;
    private final String owner;
    private final String name;
    private final String codeClass;
    private final String where;
    private final boolean jdkCode;
    private volatile StaticSlot staticSlot;

    /** A site in code outside the JDK. */
    public CacheSite(Kind kind, boolean write, int size, String owner, String name, String codeClass, String where) {
        this(kind, write, size, owner, name, codeClass, where, false);
    }

    /**
     * @param kind  instruction family
     * @param write whether it stores (read-modify-writes count as stores)
     * @param size  bytes accessed, or 0 when only the runtime value tells (array elements, VarHandles)
     * @param owner internal name of the field's owner class, for field sites
     * @param name  field name, for field sites
     * @param codeClass binary name of the class whose code holds the instruction
     * @param where the code location, as a stack frame prints it
     * @param jdkCode whether {@code codeClass} is the JDK's: its samples also note who called it ({@link CallerFrames})
     */
    public CacheSite(Kind kind, boolean write, int size, String owner, String name, String codeClass, String where,
                     boolean jdkCode) {
        this.kind = kind;
        this.write = write;
        this.size = size;
        this.owner = owner;
        this.name = name;
        this.codeClass = codeClass;
        this.where = where;
        this.jdkCode = jdkCode;
    }

    public Kind kind() {
        return kind;
    }

    public boolean write() {
        return write;
    }

    public int size() {
        return size;
    }

    public String owner() {
        return owner;
    }

    public String name() {
        return name;
    }

    public String codeClass() {
        return codeClass;
    }

    public String where() {
        return where;
    }

    public boolean jdkCode() {
        return jdkCode;
    }

    /**
     * The mirror holding this static field and its offset, resolved on first use from the class javac named: by
     * name, as reflection would make a {@link java.lang.reflect.Field} for every field of each class on the way,
     * loading their types (classes plain java never loads, or fails to).
     */
    StaticSlot staticSlot(Class<?> namedOwner) throws NoSuchFieldException {
        StaticSlot s = staticSlot;
        if (s == null) {
            Class<?> holder = declaring(namedOwner, name);
            if (holder == null) {
                throw new NoSuchFieldException(namedOwner.getName() + "." + name);
            }
            s = new StaticSlot(holder, (int) HeapAddresses.fieldOffset(holder, name));
            staticSlot = s;
        }
        return s;
    }

    /** The class that declares the static field {@code name} as resolved from {@code c}, or {@code null}. */
    private static Class<?> declaring(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (declares(k, name)) {
                return k;
            }
            for (Class<?> i : k.getInterfaces()) {
                Class<?> d = declaring(i, name);
                if (d != null) {
                    return d;
                }
            }
        }
        return null;
    }

    private static boolean declares(Class<?> c, String name) {
        try {
            HeapAddresses.fieldOffset(c, name);
            return true;
        } catch (InternalError none) {
            return false;
        }
    }

    /** Where a static field lives: the declaring class's mirror, and the offset in it. */
    record StaticSlot(Object base, int offset) {
    }
}
