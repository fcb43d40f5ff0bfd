package io.jremix.core.cache.repair;

/**
 * What the JVM knows of the classes findings name and a name alone does not tell: whether a class is the JDK's (by
 * its loader and module), and which class declares a field a finding names under a subclass.
 */
public interface ClassOrigins {
    /** Whether the class of that name is the JDK's; {@code false} for a class not known. */
    boolean isJdk(String className);

    /**
     * The binary name of the class that declares {@code field} as a finding on {@code className} names it:
     * {@code java.util.concurrent.atomic.AtomicReference} for {@code AtomicReference.value}, {@code className} for
     * its own fields.
     */
    String declaringClass(String className, String field);
}
