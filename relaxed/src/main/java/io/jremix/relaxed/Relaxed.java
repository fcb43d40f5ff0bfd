package io.jremix.relaxed;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives the annotated code the ordinary Java memory model when the program runs under {@code bin/jremix -XX:+VBD}
 * (volatile-by-default, after VBD-HotSpot, OOPSLA 2017). Without {@code -XX:+VBD} it means nothing.
 *
 * <p>Under {@code -XX:+VBD} every field, array element and {@code Unsafe} access of the program behaves as if it
 * were volatile, which makes every program sequentially consistent at the bytecode level. That costs fences; code
 * whose races are intended and handled (a benchmarked hot loop, a lock-free structure written by an expert) can
 * take the cost back with this annotation, and with it the responsibility for its own ordering:
 * <ul>
 *   <li>on a <b>field</b>: its reads and writes stay plain (in a class that loaded before the field's own class
 *       they stay ordered: more than asked, never less), so they may be reordered, hoisted
 *       out of loops, and (for {@code long} and {@code double}) split, exactly as in plain Java;
 *   <li>on a <b>method or constructor</b>: the code runs as written, without VBD: its field, array-element and
 *       {@code Unsafe} accesses stay plain, and no fences are added around its bulk copies or at the end of the
 *       constructor. A field the program declared {@code volatile} stays volatile. Methods it calls are not relaxed
 *       by this;
 *   <li>on a <b>class</b> (or interface, enum, record): all of the above for everything the class declares.
 *       Nested classes are separate classes and need their own annotation.
 * </ul>
 * The annotation is read from the class file when the class loads, so it needs no run-time retention; it has the
 * same meaning as a pattern in a {@code -XX:VBDRelaxed=FILE} file.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Relaxed {
}
