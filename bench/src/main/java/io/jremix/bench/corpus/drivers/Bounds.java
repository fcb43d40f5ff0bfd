package io.jremix.bench.corpus.drivers;

import java.util.Locale;

/**
 * A driver's bounds, {@code <items> [<cap seconds>]}: it moves at most {@code items} items and stops sending once
 * {@code cap} seconds have passed (0: no cap), then prints {@code <driver> <variant> items=<moved> capped=<bool>
 * Time <ns>ns result=<checksum>} and exits 1 if the checksum received is not the one sent.
 */
final class Bounds {
    private final String driver;
    private final String variant;
    final long items;
    private final long start;
    private final long deadline;

    private Bounds(String driver, String variant, long items, long capSeconds) {
        this.driver = driver;
        this.variant = variant;
        this.items = items;
        this.start = System.nanoTime();
        this.deadline = capSeconds == 0 ? Long.MAX_VALUE : start + capSeconds * 1_000_000_000L;
    }

    /** The bounds in {@code args} after the variant ({@code args[0]}), or the usage line and exit 2. */
    static Bounds read(String driver, String usage, String[] args) {
        try {
            if (args.length == 2 || args.length == 3) {
                long items = Long.parseLong(args[1]);
                long cap = args.length == 3 ? Long.parseLong(args[2]) : 0;
                if (items > 0 && cap >= 0) {
                    return new Bounds(driver, args[0], items, cap);
                }
            }
        } catch (NumberFormatException e) {
            // the usage line below
        }
        System.err.println("usage: " + driver + " " + usage + " <items> [<cap seconds>]");
        System.exit(2);
        throw new IllegalStateException("unreachable: the JVM is exiting");
    }

    String variant() {
        return variant;
    }

    /** Whether the senders should stop: the cap has passed. */
    boolean overCap() {
        return System.nanoTime() - deadline > 0;
    }

    /**
     * Waits for {@code threads}, each of which left {@code {moved, sent, received}} in its slot of {@code counts},
     * and returns the three summed over the threads.
     */
    static long[] joinAndSum(Thread[] threads, long[][] counts) throws InterruptedException {
        long[] total = new long[3];
        for (int t = 0; t < threads.length; t++) {
            threads[t].join();
            for (int i = 0; i < total.length; i++) {
                total[i] += counts[t][i];
            }
        }
        return total;
    }

    /**
     * Prints the driver's line, capped if fewer than {@code planned} items moved; exits 1 if the checksum received
     * is not the one sent.
     */
    void end(long moved, long planned, long sent, long received) {
        System.out.printf(Locale.ROOT, "%s %s items=%d capped=%b Time %dns result=%d%n", driver, variant, moved,
                moved < planned, System.nanoTime() - start, received);
        if (received != sent) {
            System.err.println(driver + ": received " + received + ", sent " + sent);
            System.exit(1);
        }
    }
}
