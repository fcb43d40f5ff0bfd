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
 * Links the {@code invokedynamic} field-access sites that VBD puts where an access may be plain although the field
 * is volatile ({@link RelaxedFields}, {@link UnpublishedFields}). A field that VBD made volatile can get the plain
 * access mode of a {@link VarHandle} (a plain load or store once compiled); any other field gets exactly the access
 * its declaration asks for, so a field the program declared {@code volatile} stays volatile.
 *
 * <p>Sites name the field's class as a static argument and pass references as {@code Object}, so linking loads no
 * class the original instruction would not have loaded. Linkage fails with the error the field instruction would
 * have thrown ({@link NoSuchFieldError}, {@link IllegalAccessError}); errors pass through a bootstrap method as
 * they are.
 */
final class FieldSites {
    /** {@code owner/internal/Name.field} of every field VBD made volatile; at most one entry per rewritten field. */
    private static final Set<String> MADE_VOLATILE = ConcurrentHashMap.newKeySet();

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
            MethodHandle access;
            if (plain && MADE_VOLATILE.contains(field.getDeclaringClass().getName().replace('.', '/') + '.' + name)) {
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
