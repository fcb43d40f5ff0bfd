package io.jremix.probe.cache;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GcEpochTest {
    private static volatile Object sink;

    @Test
    void endsAtACollectionThatKeepsTheCanaryAlive() {
        Object canary = new Object(); // held here, as a collector that treats the referent strongly would
        Object[] holder = new Object[1];
        GcEpoch epoch = new GcEpoch(7, canary, holder);
        assertTrue(epoch.live(holder));

        collect();

        assertSame(canary, epoch.get(), "the canary survived");
        assertFalse(epoch.live(holder), "the sentinel moved");
    }

    @Test
    void theNextAccessOpensANewEpochAfterACollection() {
        Object[] holder = new Object[1];
        GcEpoch before = GcEpoch.current(holder);
        assertSame(before, GcEpoch.current(holder));

        collect();

        GcEpoch after = GcEpoch.current(holder);
        assertNotSame(before, after);
        assertTrue(after.epoch > before.epoch);
        assertTrue(after.live(holder));
    }

    @Test
    void anEndedEpochForTheWarmUpLeadsToTheEpochInForceAndOpensNone() {
        Object[] holder = new Object[1];
        GcEpoch inForce = GcEpoch.current(holder);
        GcEpoch ended = GcEpoch.ended(holder);

        assertFalse(ended.live(holder));
        assertSame(inForce, GcEpoch.after(ended, holder));
        assertSame(inForce, GcEpoch.after(ended, holder), "the first call opened no epoch");
    }

    /** Allocates until the JVM has run a collection. */
    private static void collect() {
        long start = collections();
        for (long n = 0; collections() == start; n++) {
            sink = new byte[1024];
            assertTrue(n < 100_000_000L, "no collection after 100 GB of garbage");
        }
    }

    /** Pauses that can move objects: G1's concurrent cycles (a bean of their own since JDK 20) move nothing. */
    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent")) {
                n += Math.max(0, gc.getCollectionCount());
            }
        }
        return n;
    }
}
