package io.jremix.e2e.repair;

/**
 * Runs {@link HotCells} twice, each time from a new class loader, with a pause between: online repair cannot change
 * the first copy's layout, but pads the second copy of {@code HotCells$Cell} when it loads. Prints both layouts,
 * labelled {@code first} and {@code second}, and both times.
 *
 * <p>Args: {@code [iterations per phase]}
 */
public final class ReloadedContention {
    private static final String PREFIX = HotCells.class.getName();

    private ReloadedContention() {
    }

    public static void main(String[] args) throws Exception {
        long iterations = args.length > 0 ? Long.parseLong(args[0]) : 100_000_000L;
        for (String phase : new String[] {"first", "second"}) {
            ClassLoader loader = new OwnCopies(PREFIX, ReloadedContention.class.getClassLoader());
            Class<?> hot = loader.loadClass(PREFIX);
            long nanos = (long) hot.getMethod("run", int.class, long.class).invoke(null, 4, iterations);
            LayoutPrinter.print(loader.loadClass(PREFIX + "$Cell"), phase);
            System.out.println("time " + phase + " " + nanos);
            Thread.sleep(500); // lets the detector take in the last events of the phase
        }
    }
}
