package io.jremix.agent.cache.window;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jremix.probe.cache.CacheSite;
import org.junit.jupiter.api.Test;
import io.jremix.agent.cache.collect.WindowSites;
import io.jremix.agent.cache.instrument.SiteTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which classes a window stops tracing: those sampled enough, for long enough, without contention. */
class ShedClassesTest {
    private static final long SECOND = 1_000_000_000L;
    private static final double SCALE = 1000;
    private static final SiteTable SITES = new SiteTable();
    private static final String DATA = "com.example.Data";
    private static final Set<String> DATA_UNSETTLED = Set.of(DATA);

    /** A site in the code of {@code codeClass}, registered as the instrumenter does. */
    private static int site(String codeClass) {
        return SITES.register(codeClass + "#0", new CacheSite(CacheSite.Kind.FIELD, true, 8, "com/example/Data",
                "value", codeClass, codeClass + ".run(Test.java)"));
    }

    /** Judges with no contention left to find. */
    private static List<String> judge(ShedClasses shed, long nowNanos, WindowSites sites) {
        return shed.judge(nowNanos, SCALE, sites, Set.of()).all();
    }

    /** {@code samples} at {@code site}, by two threads. */
    private static WindowSites sampled(int site, int samples, boolean contended) {
        return sampled(site, samples, WindowSites.THREADS, contended);
    }

    private static WindowSites sampled(int site, int samples, int threads, boolean contended) {
        return sampled(site, samples, threads, contended ? Set.of(DATA) : Set.of());
    }

    /** {@code samples} at {@code site}, which touched contended lines of {@code contendedData}, if any. */
    private static WindowSites sampled(int site, int samples, int threads, Set<String> contendedData) {
        int[] counts = new int[site + 1];
        counts[site] = samples;
        int[] by = new int[site + 1];
        by[site] = threads;
        return new WindowSites(counts, by, contendedData.isEmpty() ? Map.of() : Map.of(site, contendedData));
    }

    /** Samples at two sites, each by two threads; {@code contended} says which touched contended lines of what. */
    private static WindowSites sampled(int a, int samplesA, int b, int samplesB,
                                             Map<Integer, Set<String>> contended) {
        int[] counts = new int[Math.max(a, b) + 1];
        int[] threads = new int[counts.length];
        counts[a] = samplesA;
        counts[b] = samplesB;
        threads[a] = WindowSites.THREADS;
        threads[b] = WindowSites.THREADS;
        return new WindowSites(counts, threads, contended);
    }

    @Test
    void aClassSampledEnoughWithoutContentionIsShedOnceQuietForTheTimeGivenAndTracedAgainInTheNextWindow() {
        int s = site("com.example.Quiet");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        assertFalse(shed.due(SECOND / 10, 60 * SECOND), "judged every 200 ms");
        assertTrue(shed.due(SECOND / 5, 60 * SECOND));
        assertFalse(shed.due(SECOND / 5, SECOND), "not in a window that closes within REMIXShedAfter anyway");
        assertEquals(List.of(), judge(shed, SECOND / 5, sampled(s, 5000, false)), "first seen now");
        assertEquals(List.of(), judge(shed, SECOND, sampled(s, 5000, false)), "quiet for 0.8 s");
        assertEquals(List.of("com.example.Quiet"), judge(shed, 6 * SECOND / 5, sampled(s, 5000, false)));
        assertFalse(SiteTable.switchOf("com.example.Quiet").isOn());
        assertEquals(Set.of("com.example.Quiet"), shed.shed());

        shed.opened(2 * SECOND);
        assertTrue(SiteTable.switchOf("com.example.Quiet").isOn());
        assertEquals(Set.of(), shed.shed());
    }

    @Test
    void aClassThatTouchedAContendedLineOrWasSampledLittleIsKept() {
        int contended = site("com.example.Contended");
        int cold = site("com.example.Cold");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        for (long t = SECOND / 5; t <= 3 * SECOND; t += SECOND / 5) {
            assertEquals(List.of(), shed.judge(t, SCALE, sampled(contended, 5000, true), DATA_UNSETTLED).all());
            assertEquals(List.of(), judge(shed, t, sampled(cold, ShedClasses.MIN_SAMPLES - 1, false)));
        }
        assertTrue(SiteTable.switchOf("com.example.Contended").isOn());
    }

    /**
     * A class whose sites touched contended lines only of data with no contention left to find is shed too: tracing
     * it finds nothing more. Contention left to find on any of that data keeps it traced.
     */
    @Test
    void aClassIsShedOnceTheContentionItTouchedIsSettled() {
        int s = site("com.example.Found");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        assertEquals(SECOND, shed.quietNanos(SCALE), "REMIXShedAfter at the default threshold");
        WindowSites sites = sampled(s, 5000, WindowSites.THREADS, Set.of(DATA, "com.example.Other"));
        assertEquals(List.of(), shed.judge(SECOND / 5, SCALE, sites, Set.of(DATA)).all());
        assertEquals(List.of(), shed.judge(10 * SECOND / 5, SCALE, sites, Set.of("com.example.Other")).all());
        assertTrue(SiteTable.switchOf("com.example.Found").isOn());
        assertEquals(List.of("com.example.Found"), shed.judge(11 * SECOND / 5, SCALE, sites,
                Set.of("com.example.Unrelated")).quiet());
        assertFalse(SiteTable.switchOf("com.example.Found").isOn());
        shed.opened(3 * SECOND);
    }

    /**
     * Shedding a class recompiles its code and its callers': a class run less than 100,000 times a second keeps its
     * probes, which cost less, until it runs more.
     */
    @Test
    void aClassRunLessThanAHundredThousandTimesASecondIsKept() {
        int s = site("com.example.Lukewarm");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        assertEquals(List.of(), judge(shed, SECOND / 5, sampled(s, 1500, false)), "first seen now");
        // 1,500 samples of 1 in 1,000 over 20 s: 75,000 accesses a second
        assertEquals(List.of(), judge(shed, 101 * SECOND / 5, sampled(s, 1500, false)));
        assertEquals(List.of("com.example.Lukewarm"), judge(shed, 102 * SECOND / 5, sampled(s, 5000, false)));
    }

    /**
     * A class one thread ran is kept, however long: it could not contend yet. Once a second thread samples it, it is
     * quiet from then on, so that contention in a program's next phase, two threads at work where one set up, has
     * its REMIXShedAfter to show.
     */
    @Test
    void aClassSampledByOneThreadIsKeptAndTheQuietTimeStartsWithTheSecond() {
        int s = site("com.example.Phased");
        int main = WindowSites.withThread(WindowSites.NO_THREAD, 0);
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        for (long t = SECOND / 5; t <= 3 * SECOND; t += SECOND / 5) {
            assertEquals(List.of(), judge(shed, t, sampled(s, 5000, main, false)));
        }
        int two = WindowSites.withThread(main, 1);
        assertEquals(WindowSites.THREADS, two);
        assertEquals(main, WindowSites.withThread(main, 0), "the same thread again");
        assertEquals(List.of(), judge(shed, 16 * SECOND / 5, sampled(s, 5000, two, false)));
        assertEquals(List.of(), judge(shed, 4 * SECOND, sampled(s, 5000, two, false)), "0.8 s");
        assertEquals(List.of("com.example.Phased"), judge(shed, 21 * SECOND / 5, sampled(s, 5000, two, false)));
    }

    /** Two sites of one class, each sampled by a thread of its own: the class was run by two threads. */
    @Test
    void aClassWhoseSitesOneThreadEachSampledHasTwoThreads() {
        int a = site("com.example.Split");
        int b = SITES.register("com.example.Split#1", new CacheSite(CacheSite.Kind.FIELD, false, 8,
                "com/example/Data", "value", "com.example.Split", "com.example.Split.read(Test.java)"));
        int[] counts = new int[Math.max(a, b) + 1];
        int[] threads = new int[counts.length];
        counts[a] = 3000;
        counts[b] = 3000;
        threads[a] = WindowSites.withThread(WindowSites.NO_THREAD, 4);
        threads[b] = WindowSites.withThread(WindowSites.NO_THREAD, 7);
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        WindowSites sites = new WindowSites(counts, threads, Map.of());
        judge(shed, SECOND / 5, sites);
        assertEquals(List.of("com.example.Split"), judge(shed, 6 * SECOND / 5, sites));
    }

    @Test
    void aLowThresholdWaitsUntilContentionAtItWouldHaveShownTwiceThreeTimesOver() {
        int s = site("com.example.Slow");
        ShedClasses shed = new ShedClasses(SECOND, 0, 1000); // two misses at 1000/s sampled 1 in 1000: 2 s, thrice 6 s
        shed.opened(0);
        judge(shed, SECOND / 5, sampled(s, 10_000, false));
        assertEquals(List.of(), judge(shed, 6 * SECOND, sampled(s, 10_000, false)));
        assertEquals(List.of("com.example.Slow"), judge(shed, 7 * SECOND, sampled(s, 10_000, false)));
        shed.opened(8 * SECOND);
    }

    /** Each judgement that sheds doubles the wait for the next, so that classes quiet meanwhile go together. */
    @Test
    void afterEachJudgementThatShedsTheNextWaitsTwiceAsLong() {
        int first = site("com.example.First");
        int second = site("com.example.Second");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        judge(shed, SECOND / 5, sampled(first, 5000, false));
        assertTrue(shed.due(2 * SECOND / 5, 60 * SECOND), "nothing shed yet: 200 ms");
        assertEquals(List.of("com.example.First"), judge(shed, 6 * SECOND / 5, sampled(first, 5000, false)));
        assertFalse(shed.due(7 * SECOND / 5, 60 * SECOND));
        assertTrue(shed.due(8 * SECOND / 5, 60 * SECOND), "400 ms");
        judge(shed, 8 * SECOND / 5, sampled(second, 5000, false));
        assertFalse(shed.due(9 * SECOND / 5, 60 * SECOND), "nothing shed: 400 ms still");
        assertTrue(shed.due(10 * SECOND / 5, 60 * SECOND));
        assertEquals(List.of("com.example.Second"), judge(shed, 13 * SECOND / 5, sampled(second, 5000, false)));
        assertFalse(shed.due(16 * SECOND / 5, 60 * SECOND));
        assertTrue(shed.due(17 * SECOND / 5, 60 * SECOND), "800 ms");

        shed.opened(4 * SECOND);
        assertTrue(shed.due(21 * SECOND / 5, 60 * SECOND), "a window opening starts again at 200 ms");
    }

    /**
     * However long the window, a class whose contention has not become a finding is traced for REMIXClassWindow after
     * two threads first sampled it, as a window without findings would have traced it, and then shed; the judgement
     * comes as that time ends, whatever the wait after the last one that shed.
     */
    @Test
    void aContendedClassIsShedOnceTracedForTheClassWindow() {
        int contended = site("com.example.Hovering");
        int quiet = site("com.example.QuietMeanwhile");
        ShedClasses shed = new ShedClasses(SECOND, 5 * SECOND, 100_000);
        shed.opened(0);
        WindowSites sites = sampled(contended, 5000, quiet, 5000, Map.of(contended, Set.of(DATA)));
        assertEquals(List.of(), shed.judge(SECOND / 5, SCALE, sites, DATA_UNSETTLED).all(), "first seen now");
        assertEquals(List.of("com.example.QuietMeanwhile"),
                shed.judge(6 * SECOND / 5, SCALE, sites, DATA_UNSETTLED).quiet());
        assertEquals(List.of(), shed.judge(5 * SECOND, SCALE, sites, DATA_UNSETTLED).all(), "traced 4.8 s");
        assertFalse(shed.due(51 * SECOND / 10, 60 * SECOND), "0.1 s later: the wait is 0.4 s");
        assertTrue(shed.due(26 * SECOND / 5, 60 * SECOND), "traced 5 s, 0.2 s later");
        ShedClasses.Judgement j = shed.judge(26 * SECOND / 5, SCALE, sites, DATA_UNSETTLED);
        assertEquals(List.of(), j.quiet());
        assertEquals(List.of("com.example.Hovering"), j.tracedLongEnough());
        assertFalse(SiteTable.switchOf("com.example.Hovering").isOn());

        shed.opened(6 * SECOND);
        assertTrue(SiteTable.switchOf("com.example.Hovering").isOn(), "the next window traces it again");
    }

    /**
     * A class sampled too little to be judged quiet is shed too once traced for REMIXClassWindow: each costs little,
     * but together they held pmd's probes at 29% of its time in a held-open window. It waits for the next judgement
     * rather than setting one of its own, so that such classes go together.
     */
    @Test
    void aClassSampledLittleIsShedAtTheFirstJudgementAfterItsClassWindow() {
        int cold = site("com.example.ColdForAWindow");
        int quiet = site("com.example.QuietBeside");
        ShedClasses shed = new ShedClasses(SECOND, 5 * SECOND, 100_000);
        shed.opened(0);
        WindowSites sites = sampled(cold, ShedClasses.MIN_SAMPLES - 1, quiet, 5000, Map.of());
        assertEquals(List.of(), judge(shed, SECOND / 5, sites), "first seen now");
        assertEquals(List.of("com.example.QuietBeside"), judge(shed, 6 * SECOND / 5, sites));
        assertEquals(List.of(), judge(shed, 5 * SECOND, sites), "traced 4.8 s");
        assertFalse(shed.due(26 * SECOND / 5, 60 * SECOND), "traced 5 s, but the wait is 0.4 s");
        assertTrue(shed.due(27 * SECOND / 5, 60 * SECOND));
        ShedClasses.Judgement j = shed.judge(27 * SECOND / 5, SCALE, sites, Set.of());
        assertEquals(List.of(), j.quiet());
        assertEquals(List.of("com.example.ColdForAWindow"), j.tracedLongEnough());
        shed.opened(6 * SECOND);
    }

    /** A class window shorter than a low threshold's quiet time is as long as that: the contention needs it to show. */
    @Test
    void aClassWindowIsNoShorterThanTheQuietTime() {
        int s = site("com.example.ColdAtALowThreshold");
        ShedClasses shed = new ShedClasses(SECOND, 5 * SECOND, 1000); // quiet time 6 s
        shed.opened(0);
        judge(shed, SECOND / 5, sampled(s, 500, false));
        assertEquals(List.of(), judge(shed, 6 * SECOND, sampled(s, 500, false)), "traced 5.8 s");
        assertEquals(List.of("com.example.ColdAtALowThreshold"), judge(shed, 32 * SECOND / 5, sampled(s, 500, false)));
        shed.opened(7 * SECOND);
    }

    /** With REMIXClassWindow 0, contention left to find keeps its class traced as long as the window stays open. */
    @Test
    void aZeroClassWindowKeepsContendedClassesTraced() {
        int s = site("com.example.Contended0");
        ShedClasses shed = new ShedClasses(SECOND, 0, 100_000);
        shed.opened(0);
        for (long t = SECOND / 5; t <= 60 * SECOND; t += SECOND) {
            assertEquals(List.of(), shed.judge(t, SCALE, sampled(s, 5000, true), DATA_UNSETTLED).all());
        }
        assertTrue(SiteTable.switchOf("com.example.Contended0").isOn());
    }

    @Test
    void zeroNeverSheds() {
        ShedClasses shed = new ShedClasses(0, 0, 100_000);
        shed.opened(0);
        assertFalse(shed.due(10 * SECOND, 60 * SECOND));
    }
}
