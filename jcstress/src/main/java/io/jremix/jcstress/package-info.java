/**
 * jremix's own jcstress tests: the classic litmus shapes on plain (non-final, non-volatile) fields and array
 * elements of program classes, which {@code bin/jremix -XX:+VBD} must make sequentially consistent. Outcomes an SC
 * execution can produce are {@code ACCEPTABLE}; the others are non-SC: {@code ACCEPTABLE_INTERESTING} where the Java
 * memory model allows them for plain accesses, {@code FORBIDDEN} where it does not (see {@link
 * io.jremix.jcstress.VbdLimit} for the one documented exception under VBD). The shapes are the textbook ones (the
 * causality cases are numbered as in the JSR-133 causality test cases); the code is this project's own.
 *
 * <p>Run: {@code java -jar jcstress/target/jremix-jcstress.jar -t 'io.jremix.jcstress' -m quick}, and the same under
 * {@code bin/jremix -XX:+VBD -jar ...}: jcstress copies its own JVM options into every fork, so the forks run under
 * VBD too. {@code bench/run-jcstress} runs both and tabulates them.
 */
package io.jremix.jcstress;
