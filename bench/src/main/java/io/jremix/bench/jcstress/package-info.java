/** jremix's jcstress tests plain and under {@code -XX:+VBD}: the runs and their table (bench/run-jcstress). */
package io.jremix.bench.jcstress;
