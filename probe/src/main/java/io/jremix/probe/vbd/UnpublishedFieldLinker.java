package io.jremix.probe.vbd;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.Objects;

import jdk.internal.misc.Unsafe;

/**
 * Links the {@code invokedynamic} field-access sites of {@link UnpublishedFields}: a field that is neither final
 * nor volatile gets a plain or a volatile {@code Unsafe} load or store, as the site asks; any other field gets
 * exactly the access its declaration asks for, so a field the program declared {@code volatile} stays volatile.
 * ({@code jdk.internal.misc} is exported to the probes by the agent at start.)
 *
 * <p>Sites name the field's class as a static argument and pass references as {@code Object}, and the field is
 * found from the class file's declarations ({@link DeclaredFields}), so linking loads no class the original
 * instruction would not have loaded. The sites are a constructor's accesses to its own object, which its class
 * may make; a field that is not there fails linkage with {@link NoSuchFieldError}, as the instruction would have;
 * errors pass through a bootstrap method as they are.
 */
final class UnpublishedFieldLinker {
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

    private UnpublishedFieldLinker() {
    }

    /**
     * @param plain whether the site may access a field that is neither final nor volatile plainly; if not, the
     *              access is volatile
     */
    static CallSite link(String name, MethodType site, Class<?> owner, boolean write, boolean plain) {
        DeclaredFields.Found field = DeclaredFields.instanceField(owner, name, null);
        boolean declaredVolatile = (field.access() & Modifier.VOLATILE) != 0;
        boolean declaredFinal = (field.access() & Modifier.FINAL) != 0;
        Class<?> slot = write ? site.parameterType(1) : site.returnType();
        boolean volatileAccess = declaredVolatile || !(plain || declaredFinal);
        return new ConstantCallSite(unsafeAccess(slot, field.offset(), write, volatileAccess).asType(site));
    }

    /**
     * A plain or volatile {@code Unsafe} get or put of a field of type {@code slot} ({@code Object} for any
     * reference) with its offset bound in: far fewer nodes for C2 to parse than a {@code VarHandle}, which matters in
     * big constructors that would otherwise spend their inlining budget on these sites. The access throws
     * {@link NullPointerException} for a null object, as the field instruction does.
     */
    private static MethodHandle unsafeAccess(Class<?> slot, long offset, boolean write, boolean volatileAccess) {
        String kind = slot.isPrimitive() ? Character.toUpperCase(slot.getName().charAt(0)) + slot.getName().substring(1)
                : "Reference";
        MethodType shape = write ? MethodType.methodType(void.class, Object.class, long.class, slot)
                : MethodType.methodType(slot, Object.class, long.class);
        try {
            MethodHandle unsafe = SELF.findVirtual(Unsafe.class, (write ? "put" : "get") + kind
                    + (volatileAccess ? "Volatile" : ""), shape).bindTo(U);
            return MethodHandles.filterArguments(MethodHandles.insertArguments(unsafe, 1, offset), 0, REQUIRE_NON_NULL);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
