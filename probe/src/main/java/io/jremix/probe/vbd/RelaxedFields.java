package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plain field access for relaxed code. Under {@code -XX:+VBD} a field is volatile because the agent set
 * {@code ACC_VOLATILE} on it, so even a relaxed method would read and write it with fences. Relaxed code instead
 * reaches fields through {@code invokedynamic} sites linked here: a field that VBD made volatile gets the plain
 * access mode of a {@link VarHandle} (a plain load or store once compiled), and any other field gets exactly the
 * access its declaration asks for, so a field the program declared {@code volatile} stays volatile.
 *
 * <p>Sites name the field's class as a static argument and pass references as {@code Object}, so linking loads no
 * class the original instruction would not have loaded. Linkage fails with the error the field instruction would
 * have thrown ({@link NoSuchFieldError}, {@link IllegalAccessError}); errors pass through a bootstrap method as
 * they are.
 */
public final class RelaxedFields {
    /** {@code owner/internal/Name.field} of every field VBD made volatile; at most one entry per rewritten field. */
    private static final Set<String> MADE_VOLATILE = ConcurrentHashMap.newKeySet();

    private RelaxedFields() {
    }

    /** Records that the agent made {@code field} of class {@code owner} (internal name) volatile. */
    public static void madeVolatile(String owner, String field) {
        MADE_VOLATILE.add(owner + '.' + field);
    }

    public static CallSite getField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return link(caller, name, site, owner, false, false);
    }

    public static CallSite putField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return link(caller, name, site, owner, false, true);
    }

    public static CallSite getStatic(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return link(caller, name, site, owner, true, false);
    }

    public static CallSite putStatic(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return link(caller, name, site, owner, true, true);
    }

    private static CallSite link(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner,
                                 boolean isStatic, boolean write) {
        Field field = declared(owner, name);
        if (field == null) {
            throw new NoSuchFieldError(owner.getName() + "." + name);
        }
        Class<?> type = field.getType();
        try {
            MethodHandle access;
            if (MADE_VOLATILE.contains(field.getDeclaringClass().getName().replace('.', '/') + '.' + name)) {
                VarHandle handle = isStatic ? caller.findStaticVarHandle(owner, name, type)
                        : caller.findVarHandle(owner, name, type);
                access = handle.toMethodHandle(write ? VarHandle.AccessMode.SET : VarHandle.AccessMode.GET);
            } else if (isStatic) {
                access = write ? caller.findStaticSetter(owner, name, type) : caller.findStaticGetter(owner, name, type);
            } else {
                access = write ? caller.findSetter(owner, name, type) : caller.findGetter(owner, name, type);
            }
            return new ConstantCallSite(access.asType(site));
        } catch (NoSuchFieldException e) {
            throw new NoSuchFieldError(e.getMessage());
        } catch (IllegalAccessException e) {
            throw new IllegalAccessError(e.getMessage());
        }
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
