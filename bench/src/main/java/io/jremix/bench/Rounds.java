package io.jremix.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.Random;

/**
 * Runs a program's {@code main} several times in one JVM and prints {@code round <k> <nanos>} for each, so that
 * a harness can tell early rounds (warm-up, detection window) from later ones (steady state). The program's own
 * stdout is discarded. Before each round a filler of pseudo-random size is allocated (same sequence in every JVM),
 * so that the program's objects land at varied offsets from their cache lines: contention that depends on
 * placement is then averaged over placements rather than fixed by one lucky or unlucky layout.
 *
 * <p>Usage: {@code Rounds <rounds> <main class> [args...]}
 */
public final class Rounds {
    private Rounds() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            System.err.println("usage: Rounds <rounds> <main class> [args...]");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        MethodHandle main = MethodHandles.publicLookup().findStatic(Class.forName(args[1]), "main",
                MethodType.methodType(void.class, String[].class));
        String[] rest = Arrays.copyOfRange(args, 2, args.length);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        Random placement = new Random(42);
        Object[] fillers = new Object[rounds];
        for (int r = 0; r < rounds; r++) {
            fillers[r] = new byte[placement.nextInt(128)];
            long start = System.nanoTime();
            main.invoke(rest);
            out.println("round " + r + " " + (System.nanoTime() - start));
        }
        out.println("fillers " + fillers.length);
    }
}
