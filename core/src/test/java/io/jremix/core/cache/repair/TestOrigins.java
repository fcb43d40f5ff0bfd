package io.jremix.core.cache.repair;

import java.util.Set;

import io.jremix.core.cache.Datum;

/**
 * Class origins for tests: the classes named are the JDK's, and a field a finding names as inherited
 * ({@code AtomicReference.value}) is declared in {@code java.util.concurrent.atomic}.
 */
public record TestOrigins(Set<String> jdkClasses) implements ClassOrigins {
    /** Every class the program's. */
    public static final TestOrigins PROGRAM = new TestOrigins(Set.of());

    @Override
    public boolean isJdk(String className) {
        return jdkClasses.contains(className);
    }

    @Override
    public String declaringClass(String className, String field) {
        return Datum.isInherited(field) ? "java.util.concurrent.atomic." + field.substring(0, field.indexOf('.'))
                : className;
    }
}
