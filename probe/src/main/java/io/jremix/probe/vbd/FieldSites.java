package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Objects;

import jdk.internal.misc.Unsafe;

/**
 * Links the {@code invokedynamic} field-access sites of {@link UnpublishedFields}: a field that is neither final
 * nor volatile gets a plain or a volatile {@code Unsafe} load or store, as the site asks; any other field gets
 * exactly the access its declaration asks for, so a field the program declared {@code volatile} stays volatile.
 * ({@code jdk.internal.misc} is exported to the probes by the agent at start.)
 *
 * <p>Sites name the field's class as a static argument and pass references as {@code Object}, so linking loads no
 * class the original instruction would not have loaded. Linkage fails with the error the field instruction would
 * have thrown ({@link NoSuchFieldError}, {@link IllegalAccessError}); errors pass through a bootstrap method as
 * they are.
 */
final class FieldSites {
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

    /**
     * @param plain whether the site may access a field that is neither final nor volatile plainly; if not, the
     *              access is volatile
     */
    static CallSite link(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner, boolean write,
                         boolean plain) {
        Field field = declared(owner, name);
        if (field == null) {
            throw new NoSuchFieldError(owner.getName() + "." + name);
        }
        Class<?> type = field.getType();
        try {
            // also the access check the field instruction would have made
            MethodHandle declaredAccess = write ? caller.findSetter(owner, name, type) : caller.findGetter(owner, name, type);
            boolean declaredOrdering = (field.getModifiers() & (Modifier.FINAL | Modifier.VOLATILE)) != 0;
            MethodHandle access = declaredOrdering ? declaredAccess : unsafeAccess(caller, field, write, plain, declaredAccess);
            return new ConstantCallSite(access.asType(site));
        } catch (NoSuchFieldException e) {
            throw new NoSuchFieldError(e.getMessage());
        } catch (IllegalAccessException e) {
            throw new IllegalAccessError(e.getMessage());
        }
    }

    /**
     * A plain or volatile {@code Unsafe} get or put with the field's address bound in: far fewer nodes for C2 to
     * parse than a {@code VarHandle}, which matters in big constructors that would otherwise spend their inlining
     * budget on these sites. The access throws {@link NullPointerException} for a null object, as the field
     * instruction does. Should {@code Unsafe} not have the
     * method, the access goes through a {@code VarHandle} in the same mode.
     */
    private static MethodHandle unsafeAccess(MethodHandles.Lookup caller, Field field, boolean write, boolean plain,
                                             MethodHandle declared) throws IllegalAccessException {
        Class<?> type = field.getType();
        Class<?> slot = type.isPrimitive() ? type : Object.class;
        String kind = type.isPrimitive() ? Character.toUpperCase(type.getName().charAt(0)) + type.getName().substring(1)
                : "Reference";
        MethodType shape = write ? MethodType.methodType(void.class, Object.class, long.class, slot)
                : MethodType.methodType(slot, Object.class, long.class);
        MethodHandle unsafe;
        try {
            unsafe = SELF.findVirtual(Unsafe.class, (write ? "put" : "get") + kind + (plain ? "" : "Volatile"), shape)
                    .bindTo(U);
        } catch (ReflectiveOperationException e) {
            VarHandle.AccessMode mode = plain ? write ? VarHandle.AccessMode.SET : VarHandle.AccessMode.GET
                    : write ? VarHandle.AccessMode.SET_VOLATILE : VarHandle.AccessMode.GET_VOLATILE;
            return caller.unreflectVarHandle(field).toMethodHandle(mode).asType(declared.type());
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
