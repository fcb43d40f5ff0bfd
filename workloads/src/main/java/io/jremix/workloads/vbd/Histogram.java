package io.jremix.workloads.vbd;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;

/** Outcome counts of one litmus test, printed as {@code LITMUS <test> <outcome>=<count>} lines. */
final class Histogram {
    private final Map<String, Long> counts = new TreeMap<>();

    void add(String outcome) {
        counts.merge(outcome, 1L, Long::sum);
    }

    void print(PrintStream out, LitmusCase test, long trials) {
        out.println("LITMUS " + test.name() + " trials=" + trials + " forbidden=" + test.forbidden());
        counts.forEach((outcome, n) -> out.println("LITMUS " + test.name() + " " + outcome + "=" + n
                + (test.isForbidden(outcome) ? " FORBIDDEN" : "")));
    }
}
