package io.jremix.agent.jmx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.jremix.core.cache.WindowHistory;
import io.jremix.report.park.ParkRun;
import org.junit.jupiter.api.Test;

/** Attributes read in one burst share a snapshot; the next burst takes a new one. */
class SharedReadTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final AtomicInteger reads = new AtomicInteger();

    @Test
    void readsWithinTheBurstShareOneSnapshot_andTheNextBurstTakesANewOne() {
        SharedRead<Integer> shared = new SharedRead<>(reads::incrementAndGet, now::get);
        assertEquals(1, shared.get());
        now.addAndGet(SharedRead.SHARED_NANOS - 1);
        assertEquals(1, shared.get());
        now.addAndGet(1);
        assertEquals(2, shared.get());
        assertEquals(2, shared.get());
        assertEquals(2, reads.get());
    }

    @Test
    void theParkBeanSweepsOncePerBurst() {
        ParkContention park = new ParkContention(() -> {
            reads.incrementAndGet();
            return new ParkRun("jmx", 0, 1, new ParkRun.Settings(0, 0, false, 10, 0), List.of(), 0, 0, 100, 0,
                    List.of());
        }, now::get);
        park.getTopBlockers();
        park.getRowCount();
        park.getSpanSeconds();
        assertEquals(1, reads.get());
    }

    @Test
    void theCacheBeanTakesTheFindingsOncePerBurst() {
        CacheContention cache = new CacheContention(() -> {
            reads.incrementAndGet();
            return List.of();
        }, new WindowHistory(), now::get);
        cache.getFindings();
        cache.getFindingCount();
        assertEquals(1, reads.get());
    }
}
