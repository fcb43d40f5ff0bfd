package io.jremix.bench.suite;

import java.io.PrintStream;
import java.util.Arrays;

import io.jremix.bench.BenchOptions;

/**
 * Runs one workload in this JVM: warm-up iterations, then measured ones, each self-checked. Prints one line per
 * iteration, {@code iteration <k> warmup|measured <nanos>}, on stdout, which the harness reads.
 * Exits 1 if the workload fails or computes a wrong result, 2 on bad arguments.
 *
 * <p>Usage: {@code SuiteMain <workload> [--size tiny|default] [--warmup N] [--iterations N]}
 */
public final class SuiteMain {
    private static final String USAGE = "usage: SuiteMain <workload> [--size tiny|default] [--warmup N] [--iterations N]";

    private SuiteMain() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        Suite.Entry entry;
        try {
            if (args.length == 0) {
                throw new IllegalArgumentException("no workload given");
            }
            entry = Suite.named(args[0]);
        } catch (IllegalArgumentException e) {
            System.err.println("SuiteMain: " + e.getMessage() + " (" + USAGE + ")");
            System.exit(2);
            return;
        }
        BenchOptions o = BenchOptions.parse("SuiteMain", USAGE, Arrays.copyOfRange(args, 1, args.length),
                "--size", "--warmup", "--iterations");
        Size size = o.value("--size", Size.DEFAULT, Size::named);
        int warmup = o.count("--warmup", 3, 0);
        int iterations = o.count("--iterations", 3, 1);
        try {
            run(entry, size, warmup, iterations, out);
        } catch (Throwable t) {
            System.err.println(entry.name() + ": " + (t instanceof SelfCheckException ? "self-check failed: " : "failed: ") + t);
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // libraries may leave non-daemon threads behind
    }

    static void run(Suite.Entry entry, Size size, int warmup, int iterations, PrintStream out) throws Exception {
        SuiteWorkload w = entry.create();
        try {
            w.setUp(size);
            for (int k = 1; k <= warmup + iterations; k++) {
                long start = System.nanoTime();
                Object result = w.iterate();
                long nanos = System.nanoTime() - start;
                w.check(result);
                out.println("iteration " + k + (k <= warmup ? " warmup " : " measured ") + nanos);
            }
        } finally {
            w.tearDown();
        }
    }
}
