package io.jremix.agent.cache.collect;

import java.util.BitSet;

import io.jremix.core.cache.CacheLineSimulator;
import io.jremix.core.cache.ContentionTracker;
import io.jremix.core.cache.ThreadTimes;
import io.jremix.core.cache.Thresholds;
import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.EventMeta;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The sites noted as contended for {@link QuietClasses}: those that touched a line that missed repeatedly. */
class TraceCollectorTest {
    static final class Pair {
        long left;
        long right;
    }

    private static final String PAIR = "io/jremix/agent/cache/collect/TraceCollectorTest$Pair";
    private static final int LONG_WRITE = 8 | 1 << 10; // EventMeta: 8 bytes, a write, an instance field
    private static final long ADDRESS = 0x7_0000_0000L;

    private static int site(String field, String codeClass) {
        return CacheSites.register(new CacheSite(CacheSite.Kind.FIELD, true, 8, PAIR, field, codeClass, "here"));
    }

    @Test
    void aSiteOnTheSameAddressAfterACollectionIsNotContended() {
        int left = site("left", "Left");
        int right = site("right", "Right");
        int later = site("left", "Later");
        TraceCollector collector = new TraceCollector(new CacheLineSimulator(64, 1024),
                new ContentionTracker(Thresholds.withRate(1), 1), new ThreadClocks(new ThreadTimes(2)), new FieldLayouts(), null);
        long time = 0;
        for (int i = 0; i < 20; i++) { // two threads write the two fields of one object, in turn: false sharing
            collector.accept(0, ++time, ADDRESS, EventMeta.OFFSET_FROM_SITE, LONG_WRITE, Pair.class, left, 0, -1);
            collector.accept(1, ++time, ADDRESS, EventMeta.OFFSET_FROM_SITE, LONG_WRITE, Pair.class, right, 0, -1);
        }
        // a collection moved another object to that address, written once by a third thread
        collector.accept(2, ++time, ADDRESS, EventMeta.OFFSET_FROM_SITE, LONG_WRITE, Pair.class, later, 1, -1);
        collector.collect(1_000_000_000L);

        BitSet expected = new BitSet();
        expected.set(left);
        expected.set(right);
        assertEquals(expected, collector.takeContendedSites());
        assertEquals(new BitSet(), collector.takeContendedSites(), "taken once");
    }

    @Test
    void theWindowCountsEachSitesSamplesAndWhetherOneThreadOrSeveralMadeThem() {
        int one = site("left", "One");
        int two = site("right", "Two");
        TraceCollector collector = new TraceCollector(new CacheLineSimulator(64, 1024),
                new ContentionTracker(Thresholds.withRate(1), 1), new ThreadClocks(new ThreadTimes(2)), new FieldLayouts(), null);
        collector.startWindow(0);
        for (int i = 0; i < 3; i++) {
            collector.accept(5, i, ADDRESS, EventMeta.OFFSET_FROM_SITE, LONG_WRITE, Pair.class, one, 0, -1);
            collector.accept(5 + i % 2, i, ADDRESS + 64, EventMeta.OFFSET_FROM_SITE, LONG_WRITE, Pair.class, two, 0, -1);
        }

        WindowSites sites = collector.windowSites();
        assertEquals(3, sites.samples()[one]);
        assertEquals(3, sites.samples()[two]);
        assertEquals(WindowSites.withThread(WindowSites.NO_THREAD, 5), sites.threads()[one], "thread 5 alone");
        assertEquals(WindowSites.THREADS, sites.threads()[two]);

        collector.startWindow(1);
        assertEquals(WindowSites.NO_THREAD, collector.windowSites().threads()[one], "forgotten as a window opens");
    }
}
