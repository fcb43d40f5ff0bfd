package io.jremix.workloads.vbd;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs litmus tests and prints their outcome histograms: {@code Litmus <test>[,<test>...] [trials]}, where a test
 * is sb-fields, sb-arrays, mp, iriw, atomicity, publication, publication-final, spin or spin-volatile, and trials
 * (default 1000000) applies to each (IRIW, with four actors on however many cores, runs a quarter of them). Lines
 * look like
 * <pre>
 *   LITMUS sb-fields trials=1003520 forbidden=(0,0)
 *   LITMUS sb-fields (0,0)=1234 FORBIDDEN
 *   LITMUS spin hung
 * </pre>
 */
public final class Litmus {
    private static final Map<String, Supplier<LitmusCase<?>>> TESTS = Map.of(
            "sb-fields", StoreBufferingFieldsCase::new,
            "sb-arrays", StoreBufferingArraysCase::new,
            "mp", MessagePassingCase::new,
            "iriw", IriwCase::new,
            "atomicity", AtomicityCase::new,
            "publication", SafePublicationCase::fields,
            "publication-final", SafePublicationCase::effectivelyFinal);

    private Litmus() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 1) {
            System.err.println("usage: Litmus <test>[,<test>...] [trials]; tests: " + TESTS.keySet() + ", spin, spin-volatile");
            System.exit(2);
        }
        long trials = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        for (String name : List.of(args[0].split(","))) {
            if (name.equals("spin") || name.equals("spin-volatile")) {
                System.out.println("LITMUS " + name + " " + SpinLoop.run(name.equals("spin-volatile"), 1_000, 4_000));
                continue;
            }
            Supplier<LitmusCase<?>> test = TESTS.get(name);
            if (test == null) {
                System.err.println("unknown litmus test '" + name + "'");
                System.exit(2);
            }
            LitmusCase<?> c = test.get();
            long n = c.actors() > 2 ? trials / 4 : trials;
            long rounded = (n + LitmusRunner.BATCH - 1) / LitmusRunner.BATCH * LitmusRunner.BATCH;
            LitmusRunner.run(c, n).print(System.out, c, rounded);
        }
    }
}
