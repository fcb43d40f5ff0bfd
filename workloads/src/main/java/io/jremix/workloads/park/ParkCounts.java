package io.jremix.workloads.park;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks on named blockers an exact number of times: {@code ParkCounts a=3 b=8} makes thread {@code parker-a} park
 * 3 times on blocker {@code a} and then thread {@code parker-b} 8 times on {@code b}, each park a
 * {@code parkNanos} of 1 ms that nothing cuts short. Prints {@code <name> <identity hash in hex>} per blocker.
 * The name {@code null} parks that often without a blocker ({@code LockSupport.parkNanos(long)}).
 *
 * <p>Expected finding: each blocker is a {@code ParkCounts$Blocker} parked exactly as often as asked, with peak
 * parked 1 and nobody parked at the end, so tests can check the collection and printing thresholds exactly.
 */
public final class ParkCounts {
    private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** A park blocker of its own class; with the printed hash, the report's row for it is easy to find. */
    static final class Blocker {
    }

    private ParkCounts() {
    }

    public static void main(String[] args) throws InterruptedException {
        for (String spec : args) {
            int eq = spec.indexOf('=');
            if (eq <= 0 || !spec.substring(eq + 1).matches("[0-9]+")) {
                System.err.println("usage: ParkCounts name=times...");
                System.exit(2);
            }
            String name = spec.substring(0, eq);
            Blocker blocker = name.equals("null") ? null : new Blocker();
            int times = Integer.parseInt(spec.substring(eq + 1));
            Thread parker = new Thread(() -> {
                for (int i = 0; i < times; i++) {
                    if (blocker == null) {
                        LockSupport.parkNanos(PARK_NANOS);
                    } else {
                        LockSupport.parkNanos(blocker, PARK_NANOS);
                    }
                }
            }, "parker-" + name);
            parker.start();
            parker.join();
            System.out.println(name + " " + Integer.toHexString(System.identityHashCode(blocker)));
        }
    }
}
