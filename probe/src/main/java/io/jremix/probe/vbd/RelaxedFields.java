package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Bootstrap methods of relaxed code's field accesses. Under {@code -XX:+VBD} a field is volatile because the agent
 * set {@code ACC_VOLATILE} on it, so even a relaxed method would read and write it with fences. Relaxed code instead
 * reaches fields through {@code invokedynamic} sites linked here, plainly unless the program declared the field
 * volatile ({@link FieldSites}).
 */
public final class RelaxedFields {
    private RelaxedFields() {
    }

    /** Records that the agent made {@code field} of class {@code owner} (internal name) volatile. */
    public static void madeVolatile(String owner, String field) {
        FieldSites.madeVolatile(owner, field);
    }

    public static CallSite getField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return FieldSites.link(caller, name, site, owner, false, false, true);
    }

    public static CallSite putField(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return FieldSites.link(caller, name, site, owner, false, true, true);
    }

    public static CallSite getStatic(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return FieldSites.link(caller, name, site, owner, true, false, true);
    }

    public static CallSite putStatic(MethodHandles.Lookup caller, String name, MethodType site, Class<?> owner) {
        return FieldSites.link(caller, name, site, owner, true, true, true);
    }
}
