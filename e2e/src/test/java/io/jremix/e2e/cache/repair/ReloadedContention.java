package io.jremix.e2e.cache.repair;

import org.openjdk.jol.info.ClassLayout;

/**
 * Runs {@link HotCells} from two class loaders: online repair cannot change the first copy's layout, but pads the
 * second copy of {@code HotCells$Cell} when it loads. The first copy runs in rounds until a fresh copy of the cell
 * loads padded, or a deadline passes, so the outcome does not depend on how fast a loaded machine detects. Prints
 * both layouts, labelled {@code first} and {@code second}, and both times.
 *
 * <p>Args: {@code [iterations per round] [deadline seconds]}
 */
public final class ReloadedContention {
    private static final String PREFIX = HotCells.class.getName();
    private static final String CELL = PREFIX + "$Cell";

    private ReloadedContention() {
    }

    public static void main(String[] args) throws Exception {
        long iterations = args.length > 0 ? Long.parseLong(args[0]) : 20_000_000L;
        long deadline = System.nanoTime() + (args.length > 1 ? Long.parseLong(args[1]) : 60) * 1_000_000_000L;
        ClassLoader first = copies();
        long plainSize = ClassLayout.parseClass(first.loadClass(CELL)).instanceSize();
        long nanos = 0;
        do {
            nanos += run(first, iterations);
        } while (ClassLayout.parseClass(copies().loadClass(CELL)).instanceSize() == plainSize
                && System.nanoTime() < deadline);
        report(first, "first", nanos);
        ClassLoader second = copies();
        report(second, "second", run(second, iterations));
    }

    private static ClassLoader copies() {
        return new OwnCopies(PREFIX, ReloadedContention.class.getClassLoader());
    }

    private static long run(ClassLoader loader, long iterations) throws Exception {
        return (long) loader.loadClass(PREFIX).getMethod("run", int.class, long.class).invoke(null, 4, iterations);
    }

    private static void report(ClassLoader loader, String phase, long nanos) throws ClassNotFoundException {
        LayoutPrinter.print(loader.loadClass(CELL), phase);
        System.out.println("time " + phase + " " + nanos);
    }
}
