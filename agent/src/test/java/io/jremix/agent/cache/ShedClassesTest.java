package io.jremix.agent.cache;

import java.util.BitSet;
import java.util.List;
import java.util.Set;

import io.jremix.probe.cache.CacheSite;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which classes a window stops tracing: those sampled enough, for long enough, without contention. */
class ShedClassesTest {
    private static final long SECOND = 1_000_000_000L;
    private static final double SCALE = 1000;
    private static final SiteTable SITES = new SiteTable();

    /** A site in the code of {@code codeClass}, registered as the instrumenter does. */
    private static int site(String codeClass) {
        return SITES.register(codeClass + "#0", new CacheSite(CacheSite.Kind.FIELD, true, 8, "com/example/Data",
                "value", codeClass, codeClass + ".run(Test.java)"));
    }

    private static ShedClasses.Sites sampled(int site, int samples, boolean contended) {
        int[] counts = new int[site + 1];
        counts[site] = samples;
        BitSet c = new BitSet();
        c.set(site, contended);
        return new ShedClasses.Sites(counts, c);
    }

    private static BitSet none() {
        return new BitSet();
    }

    @Test
    void aClassSampledEnoughWithoutContentionIsShedOnceQuietForTheTimeGivenAndTracedAgainInTheNextWindow() {
        int s = site("com.example.Quiet");
        ShedClasses shed = new ShedClasses(SECOND, 100_000);
        shed.opened(0);
        assertFalse(shed.due(SECOND / 10, 60 * SECOND), "judged every 200 ms");
        assertTrue(shed.due(SECOND / 5, 60 * SECOND));
        assertFalse(shed.due(SECOND / 5, SECOND), "not in a window that closes within REMIXShedAfter anyway");
        assertEquals(List.of(), shed.judge(SECOND / 5, SCALE, sampled(s, 5000, false), none()), "first seen now");
        assertEquals(List.of(), shed.judge(SECOND, SCALE, sampled(s, 5000, false), none()), "quiet for 0.8 s");
        assertEquals(List.of("com.example.Quiet"), shed.judge(6 * SECOND / 5, SCALE, sampled(s, 5000, false), none()));
        assertFalse(SiteTable.switchOf("com.example.Quiet").isOn());
        assertEquals(Set.of("com.example.Quiet"), shed.shed());

        shed.opened(2 * SECOND);
        assertTrue(SiteTable.switchOf("com.example.Quiet").isOn());
        assertEquals(Set.of(), shed.shed());
    }

    @Test
    void aClassThatTouchedAContendedLineOrWroteFieldsOtherThreadsWriteOrWasSampledLittleIsKept() {
        int contended = site("com.example.Contended");
        int shared = site("com.example.Shared");
        int cold = site("com.example.Cold");
        BitSet sharedSites = new BitSet();
        sharedSites.set(shared);
        ShedClasses shed = new ShedClasses(SECOND, 100_000);
        shed.opened(0);
        for (long t = SECOND / 5; t <= 3 * SECOND; t += SECOND / 5) {
            assertEquals(List.of(), shed.judge(t, SCALE, sampled(contended, 5000, true), sharedSites));
            assertEquals(List.of(), shed.judge(t, SCALE, sampled(shared, 5000, false), sharedSites));
            assertEquals(List.of(), shed.judge(t, SCALE, sampled(cold, ShedClasses.MIN_SAMPLES - 1, false), none()));
        }
        assertTrue(SiteTable.switchOf("com.example.Contended").isOn());
    }

    @Test
    void aLowThresholdWaitsUntilContentionAtItWouldHaveShownTwiceThreeTimesOver() {
        int s = site("com.example.Slow");
        ShedClasses shed = new ShedClasses(SECOND, 1000); // two misses at 1000/s sampled 1 in 1000: 2 s, thrice 6 s
        shed.opened(0);
        shed.judge(SECOND / 5, SCALE, sampled(s, 5000, false), none());
        assertEquals(List.of(), shed.judge(6 * SECOND, SCALE, sampled(s, 5000, false), none()));
        assertEquals(List.of("com.example.Slow"), shed.judge(7 * SECOND, SCALE, sampled(s, 5000, false), none()));
        shed.opened(8 * SECOND);
    }

    @Test
    void zeroNeverSheds() {
        ShedClasses shed = new ShedClasses(0, 100_000);
        shed.opened(0);
        assertFalse(shed.due(10 * SECOND, 60 * SECOND));
    }
}
