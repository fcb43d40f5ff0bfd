package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Set;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import jdk.internal.misc.Unsafe;

/**
 * Links the {@code invokedynamic} field-access sites that VBD puts where an access may be plain although the field
 * is volatile ({@link RelaxedFields}, {@link UnpublishedFields}). A field that VBD made volatile can get a plain
 * {@code Unsafe} load or store; any other field gets exactly the access its declaration asks for, so a field the
 * program declared {@code volatile} stays volatile. ({@code jdk.internal.misc} is exported to the probes by the
 * agent at start.)
 *
 * <p>Sites name the field's class as a static argument and pass references as {@code Object}, so linking loads no
 * class the original instruction would not have loaded. Linkage fails with the error the field instruction would
 * have thrown ({@link NoSuchFieldError}, {@link IllegalAccessError}); errors pass through a bootstrap method as
 * they are.
 */
final class FieldSites {
    /** {@code owner/internal/Name.field} of every field VBD made volatile; at most one entry per rewritten field. */
    private static final Set<String> MADE_VOLATILE = ConcurrentHashMap.newKeySet();

    private static final Unsafe U = Unsafe.getUnsafe();
    private static final MethodHandles.Lookup SELF = MethodHandles.lookup();
    private static final MethodHandle REQUIRE_NON_NULL;

    static {
        try {
            REQUIRE_NON_NULL = SELF.findStatic(Objects.class, "requireNonNull",
                    MethodType.methodType(Object.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private FieldSites() {
    }

    static void madeVolatile(String owner, String field) {
        MADE_VOLATILE.add(owner + '.' + field);
    }

    /**
     * @param plain whether the site may access a field VBD made volatile plainly
     */
    static CallSite link(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner, boolean isStatic,
                         boolean write, boolean plain) {
        Field field = declared(owner, name);
        if (field == null) {
            throw new NoSuchFieldError(owner.getName() + "." + name);
        }
        Class<?> type = field.getType();
        try {
            // also the access check the field instruction would have made
            MethodHandle declaredAccess = isStatic
                    ? write ? caller.findStaticSetter(owner, name, type) : caller.findStaticGetter(owner, name, type)
                    : write ? caller.findSetter(owner, name, type) : caller.findGetter(owner, name, type);
            boolean madeVolatile = MADE_VOLATILE.contains(field.getDeclaringClass().getName().replace('.', '/') + '.' + name);
            MethodHandle access = plain && madeVolatile ? plainAccess(field, isStatic, write, declaredAccess) : declaredAccess;
            return new ConstantCallSite(access.asType(site));
        } catch (NoSuchFieldException e) {
            throw new NoSuchFieldError(e.getMessage());
        } catch (IllegalAccessException e) {
            throw new IllegalAccessError(e.getMessage());
        }
    }

    /**
     * A plain {@code Unsafe} get or put with the field's address bound in: far fewer nodes for C2 to parse than a
     * {@code VarHandle}'s plain mode, which matters where relaxed methods have many sites and would otherwise spend
     * their inlining budget on them. An instance access throws {@link NullPointerException} for a null object, as
     * the field instruction does; a static access first initialises the class, as it does. Should {@code Unsafe} not
     * have the method, the access stays as declared: volatile, which is more ordering than asked for, never less.
     */
    private static MethodHandle plainAccess(Field field, boolean isStatic, boolean write, MethodHandle declared) {
        Class<?> type = field.getType();
        Class<?> slot = type.isPrimitive() ? type : Object.class;
        String kind = type.isPrimitive() ? Character.toUpperCase(type.getName().charAt(0)) + type.getName().substring(1)
                : "Reference";
        MethodType shape = write ? MethodType.methodType(void.class, Object.class, long.class, slot)
                : MethodType.methodType(slot, Object.class, long.class);
        MethodHandle unsafe;
        try {
            unsafe = SELF.findVirtual(Unsafe.class, (write ? "put" : "get") + kind, shape).bindTo(U);
        } catch (ReflectiveOperationException e) {
            return declared;
        }
        if (isStatic) {
            U.ensureClassInitialized(field.getDeclaringClass());
            return MethodHandles.insertArguments(unsafe, 0, U.staticFieldBase(field), U.staticFieldOffset(field));
        }
        return MethodHandles.filterArguments(MethodHandles.insertArguments(unsafe, 1, U.objectFieldOffset(field)), 0,
                REQUIRE_NON_NULL);
    }

    /** The field {@code name} as the JVM resolves it from {@code owner}: declared there, in an interface, or above. */
    private static Field declared(Class<?> owner, String name) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
            for (Class<?> i : c.getInterfaces()) {
                Field f = declared(i, name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
