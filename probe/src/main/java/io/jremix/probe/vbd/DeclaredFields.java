package io.jremix.probe.vbd;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import jdk.internal.misc.Unsafe;

/**
 * The fields of the classes VBD saw load, as their class files declare them (name, descriptor, access flags), by
 * which a site finds its field without reflection. {@link Class#getDeclaredFields} makes a {@link Field} for every
 * field of a class, loading the type of each: a class with a field of an optional library's type, absent as it
 * often is, then threw {@link NoClassDefFoundError} at the first access to any of its other fields, where plain
 * java never needs that type; and others loaded classes plain java never loads. A class VBD did not see (the JDK's,
 * or one loaded before the agent) is looked up by reflection.
 */
public final class DeclaredFields {
    private static final Unsafe U = Unsafe.getUnsafe();
    /** Per loader (the boot loader under {@code null}), per class (internal name), "name descriptor" to flags. */
    private static final Map<ClassLoader, Map<String, Map<String, Integer>>> CLASSES =
            Collections.synchronizedMap(new WeakHashMap<>());

    /** A field found: the class that declares it, its offset there (a static one's in its class), its flags. */
    record Found(Class<?> declaring, long offset, int access) {
    }

    private DeclaredFields() {
    }

    /**
     * Records the fields {@code className} (internal name), as {@code loader} defines it, declares: {@code fields}
     * maps each "name descriptor" to the field's access flags.
     */
    public static void declare(ClassLoader loader, String className, Map<String, Integer> fields) {
        CLASSES.computeIfAbsent(loader, l -> new ConcurrentHashMap<>()).put(className, Map.copyOf(fields));
    }

    /**
     * The instance field {@code name} of type {@code descriptor} ({@code null}: of any type) as the JVM resolves it
     * from {@code owner}: declared there or in a superclass.
     *
     * @throws NoSuchFieldError if there is none
     */
    static Found instanceField(Class<?> owner, String name, String descriptor) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            Found f = declaredIn(c, name, descriptor);
            if (f != null) {
                return f;
            }
        }
        throw new NoSuchFieldError(owner.getName() + "." + name);
    }

    /** The field {@code c} declares by that name and type, not static; {@code null} if it declares none. */
    private static Found declaredIn(Class<?> c, String name, String descriptor) {
        Map<String, Map<String, Integer>> known = CLASSES.get(c.getClassLoader());
        Map<String, Integer> fields = known == null ? null : known.get(c.getName().replace('.', '/'));
        if (fields == null || !uniqueName(fields, name)) {
            return reflected(c, name, descriptor);
        }
        Integer access = fields.entrySet().stream()
                .filter(e -> descriptor == null ? e.getKey().startsWith(name + " ")
                        : e.getKey().equals(name + " " + descriptor))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (access == null || (access & Modifier.STATIC) != 0) {
            return null;
        }
        // Unsafe finds a field by name; the class declares no other by this name
        return new Found(c, U.objectFieldOffset(c, name), access);
    }

    private static boolean uniqueName(Map<String, Integer> fields, String name) {
        String prefix = name + " ";
        return fields.keySet().stream().filter(k -> k.startsWith(prefix)).count() <= 1;
    }

    private static Found reflected(Class<?> c, String name, String descriptor) {
        for (Field f : c.getDeclaredFields()) {
            if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())
                    && (descriptor == null || f.getType().descriptorString().equals(descriptor))) {
                return new Found(c, U.objectFieldOffset(f), f.getModifiers());
            }
        }
        return null;
    }
}
