package io.jremix.workloads.park;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Many short-lived park blockers: parks once on each of {@code count} new blockers and drops them, parks on one
 * survivor kept to the end, then runs the GC until the dropped ones are collected. Prints
 * {@code survivor <hash>} and {@code collected <n>}. With {@code wait} it then waits for a {@code stop} line on
 * stdin (time for {@code bin/jremix dump}) before parking on the survivor once more and ending.
 *
 * <p>Expected finding: without freeOnPrint the report keeps a record for every dropped blocker (marked collected);
 * with freeOnPrint a dump drops them after printing them, and the exit report has only the survivor.
 *
 * <p>Usage: {@code ShortLivedBlockers [count=200] [wait]}.
 */
public final class ShortLivedBlockers {
    private static final long PARK_NANOS = 100_000;

    /** A blocker of its own class, so the report's rows for these blockers are easy to pick out. */
    static final class Blocker {
    }

    private ShortLivedBlockers() {
    }

    public static void main(String[] args) throws InterruptedException {
        boolean wait = Arrays.asList(args).contains("wait");
        String[] numbers = Arrays.stream(args).filter(a -> !a.equals("wait")).toArray(String[]::new);
        int count = (int) new Args(numbers, "ShortLivedBlockers [count=200] [wait]").number(0, 200);
        StopSignal stop = wait ? StopSignal.onStdin() : null;
        List<WeakReference<Blocker>> dropped = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Blocker b = new Blocker();
            LockSupport.parkNanos(b, PARK_NANOS);
            dropped.add(new WeakReference<>(b));
        }
        Blocker survivor = new Blocker();
        LockSupport.parkNanos(survivor, PARK_NANOS);
        System.out.println("survivor " + Integer.toHexString(System.identityHashCode(survivor)));
        for (int i = 0; i < 50 && dropped.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        System.out.println("collected " + dropped.stream().filter(r -> r.get() == null).count());
        System.out.flush();
        if (stop != null) {
            stop.await();
        }
        LockSupport.parkNanos(survivor, PARK_NANOS);
        Reference.reachabilityFence(survivor);
    }
}
