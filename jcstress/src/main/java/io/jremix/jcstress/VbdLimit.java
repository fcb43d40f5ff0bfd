package io.jremix.jcstress;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test whose non-SC outcomes {@code -XX:+VBD} does not forbid, with the reason: a documented limit of VBD,
 * not a bug. The result tables list these outcomes under VBD as expected, and the e2e test leaves them out.
 *
 * <p>Every test in this package follows one convention: the outcomes a sequentially consistent execution can produce
 * are {@code ACCEPTABLE}; every other outcome is non-SC, and is {@code ACCEPTABLE_INTERESTING} when the Java memory
 * model allows it for plain accesses (so plain {@code java} may show it), {@code FORBIDDEN} when even plain
 * {@code java} must never show it (word tearing, values out of thin air).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface VbdLimit {
    /** Why VBD cannot make this test sequentially consistent. */
    String value();
}
