package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;

import static io.jremix.core.cache.SharingKind.FALSE_SHARING;
import static io.jremix.core.cache.SharingKind.TRUE_SHARING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentionTrackerTest {
    /** Some {@link System#nanoTime()} reading: the trace starts here. */
    private static final long T0 = 7_000_000_000L;
    private static final long MS = 1_000_000L;
    /** Every class with at least one miss qualifies. */
    private static final Thresholds ANY = new Thresholds(1, 0, 1);
    private static final IntFunction<String> SITES = id -> "Site#" + id;

    private static final String QUEUE = "io.jremix.test.Queue";
    private static final String OTHER = "io.jremix.test.Other";
    private static final Datum HEAD = Datum.field(QUEUE, "head", 16, 8);
    private static final Datum TAIL = Datum.field(QUEUE, "tail", 40, 8);
    private static final Datum FLAG = Datum.field(OTHER, "flag", 12, 4);
    private static final Datum COUNT = Datum.staticField(QUEUE, "COUNT", 112, 8);

    private static Datum longs(int index) {
        return Datum.element("long[]", index, 16 + 8 * index, 8);
    }

    private static CoherenceMiss miss(SharingKind kind, long time, Datum d, int site, Datum... ownerWrites) {
        Access a = new Access(time, 1, 0, 0x1000 + d.offset(), true, d, site);
        return new CoherenceMiss(kind, a, 0, List.of(ownerWrites), 2);
    }

    private static CoherenceMiss miss(SharingKind kind, long time, Datum d, Datum... ownerWrites) {
        return miss(kind, time, d, -1, ownerWrites);
    }

    /** Records {@code n} misses on {@code d}, one per millisecond from {@code start}. */
    private static void recordMany(ContentionTracker t, int n, SharingKind kind, long start, Datum d,
                                   Datum... ownerWrites) {
        for (int i = 0; i < n; i++) {
            t.record(miss(kind, start + i * MS, d, ownerWrites));
        }
    }

    private static Finding only(List<Finding> findings) {
        assertEquals(1, findings.size(), findings::toString);
        return findings.get(0);
    }

    /** A tracker where every class qualifies, with the given misses recorded and evaluated. */
    private static Finding evaluatedFinding(CoherenceMiss... misses) {
        ContentionTracker t = new ContentionTracker(ANY, 1);
        for (CoherenceMiss m : misses) {
            t.record(m);
        }
        t.evaluate(T0 + 1_000 * MS);
        return only(t.findings(SITES));
    }

    // ---- aggregation --------------------------------------------------------------------------------------

    @Test
    void aggregation_perKindClassAndLocation() {
        ContentionTracker t = new ContentionTracker(ANY, 1);
        recordMany(t, 3, FALSE_SHARING, T0, HEAD, TAIL);
        recordMany(t, 2, TRUE_SHARING, T0, HEAD, HEAD);
        recordMany(t, 1, FALSE_SHARING, T0, COUNT, HEAD);
        recordMany(t, 4, FALSE_SHARING, T0, longs(1), longs(2));
        recordMany(t, 5, FALSE_SHARING, T0, FLAG, HEAD);

        assertEquals(15, t.misses());
        assertEquals(5, t.evaluate(T0 + 100 * MS));
        List<String> keys = t.findings(SITES).stream()
                .map(f -> f.kind() + " " + f.className() + " " + f.location() + " " + f.sampled())
                .toList();
        assertEquals(List.of(
                "FALSE_SHARING io.jremix.test.Queue FIELD 8", // its own 3, and the 5 of Other's reads of its head
                "FALSE_SHARING io.jremix.test.Other FIELD 5",
                "FALSE_SHARING long[] ELEMENT 4",
                "TRUE_SHARING io.jremix.test.Queue FIELD 2",
                "FALSE_SHARING io.jremix.test.Queue STATIC 1"), keys, "most events first");
    }

    @Test
    void aggregation_noMissesNoFindings() {
        ContentionTracker t = new ContentionTracker(ANY, 1);

        assertEquals(0, t.evaluate(T0));
        assertEquals(0, t.misses());
        assertTrue(t.findings(id -> "").isEmpty());
        assertTrue(t.findings(SITES).isEmpty());
        assertTrue(t.belowThreshold(SITES).isEmpty());
    }

    // ---- evaluate: thresholds and latching ----------------------------------------------------------------

    @Test
    void evaluate_latchesOnlyOnceMinSampledIsReached() {
        ContentionTracker t = new ContentionTracker(new Thresholds(4, 0, 1), 1);
        recordMany(t, 3, FALSE_SHARING, T0, HEAD, TAIL);

        assertEquals(0, t.evaluate(T0 + 10 * MS));
        assertTrue(t.findings(id -> "").isEmpty());
        assertTrue(t.findings(SITES).isEmpty());
        Finding below = only(t.belowThreshold(SITES));
        assertEquals(3, below.sampled());
        assertEquals(0, below.detectedNanos());

        t.record(miss(FALSE_SHARING, T0 + 11 * MS, HEAD, TAIL));
        assertEquals(1, t.evaluate(T0 + 12 * MS));
        assertFalse(t.findings(id -> "").isEmpty());
        assertTrue(t.belowThreshold(SITES).isEmpty());
        Finding f = only(t.findings(SITES));
        assertEquals(4, f.sampled());
        assertEquals(T0 + 12 * MS, f.detectedNanos());

        // latched: later evaluations neither count it again nor move the decision time
        assertEquals(0, t.evaluate(T0 + 13 * MS));
        assertEquals(T0 + 12 * MS, only(t.findings(SITES)).detectedNanos());
    }

    /**
     * A class has contention left to find until each of its contention has been a finding for one time given, or
     * sampled for the other at under half the threshold's rate.
     */
    @Test
    void unsettledClasses_untilFoundOrBelowHalfTheThresholdForTheTimesGiven() {
        long found = 1_000 * MS;
        long below = 2_000 * MS;
        ContentionTracker t = new ContentionTracker(new Thresholds(4, 1_000, 1), 1);
        recordMany(t, 10, FALSE_SHARING, T0, HEAD, TAIL); // 10 in 10 ms: over 1,000 a second
        t.evaluate(T0 + 10 * MS);
        assertEquals(Set.of(QUEUE), t.unsettledClasses(T0 + 500 * MS, found, below), "found 490 ms ago");
        assertEquals(Set.of(), t.unsettledClasses(T0 + 1_010 * MS, found, below));

        recordMany(t, 1, TRUE_SHARING, T0 + 20 * MS, HEAD, HEAD);
        recordMany(t, 10, TRUE_SHARING, T0 + 20 * MS, FLAG, FLAG);
        t.evaluate(T0 + 30 * MS);
        assertEquals(Set.of(QUEUE, OTHER), t.unsettledClasses(T0 + 1_010 * MS, found, below),
                "the other class found 980 ms ago");
        assertEquals(Set.of(QUEUE), t.unsettledClasses(T0 + 1_100 * MS, found, below),
                "the queue's true sharing sampled for 1,080 ms");
        assertEquals(Set.of(), t.unsettledClasses(T0 + 2_020 * MS, found, below),
                "the queue's true sharing: 1 miss in 2 s, under 500 a second");

        recordMany(t, 1_500, TRUE_SHARING, T0 + 600 * MS, HEAD, HEAD);
        assertEquals(Set.of(QUEUE), t.unsettledClasses(T0 + 2_100 * MS, found, below),
                "the queue: 1,501 misses in 2.08 s, over 500 a second");
    }

    /** 5 sampled misses at a sampling ratio of 10 are 50 events: 1000/s over exactly 50 ms. */
    private static ContentionTracker fiftyEvents(Thresholds th) {
        ContentionTracker t = new ContentionTracker(th, 10);
        for (int i = 0; i < 5; i++) {
            t.record(miss(FALSE_SHARING, T0 + i, HEAD, TAIL));
        }
        return t;
    }

    @Test
    void evaluate_requiresTheEstimatedRate() {
        Thresholds th = new Thresholds(1, 1_000, 1);

        ContentionTracker atRate = fiftyEvents(th);
        assertEquals(1, atRate.evaluate(T0 + 50 * MS), "1000 events/s is enough (>=)");

        ContentionTracker belowRate = fiftyEvents(th);
        assertEquals(0, belowRate.evaluate(T0 + 50 * MS + 1));
        assertTrue(belowRate.findings(id -> "").isEmpty());
        Finding below = only(belowRate.belowThreshold(SITES));
        assertEquals(50, below.events());
    }

    @Test
    void evaluate_shortBurstIsMeasuredOverMinSpan() {
        // all five misses within 4 ns; evaluated right away the span is 4 ns but counts as minSpan
        ContentionTracker tooShort = fiftyEvents(new Thresholds(1, 1_000, 100 * MS));
        assertEquals(0, tooShort.evaluate(T0 + 4), "50 events over 100 ms are 500/s");

        ContentionTracker enough = fiftyEvents(new Thresholds(1, 1_000, 50 * MS));
        assertEquals(1, enough.evaluate(T0 + 4), "50 events over 50 ms are 1000/s");
    }

    @Test
    void evaluate_bothConditionsAreNeeded() {
        // plenty of samples, rate too low
        ContentionTracker slow = new ContentionTracker(new Thresholds(3, 1_000_000, MS), 1);
        recordMany(slow, 10, FALSE_SHARING, T0, HEAD, TAIL);
        assertEquals(0, slow.evaluate(T0 + 10 * MS));

        // huge rate, too few samples
        ContentionTracker few = new ContentionTracker(new Thresholds(3, 1, MS), 1_000_000);
        recordMany(few, 2, FALSE_SHARING, T0, HEAD, TAIL);
        assertEquals(0, few.evaluate(T0 + 10 * MS));
    }

    @Test
    void evaluate_byCost_measuresTheMissesAgainstTheTimeTheirThreadsRan() {
        // 40 sampled misses in 1 s at 1:1000 (thread 1 missing on thread 0's writes): 40,000 misses a second, 2 ms of
        // miss time a second
        Thresholds th = Thresholds.withCostShare(0.002);
        ContentionTracker onCores = new ContentionTracker(th, 1000, 64, new ThreadTimes(2));
        ThreadTimes halfTheTime = new ThreadTimes(2);
        for (int thread = 0; thread < 2; thread++) {
            halfTheTime.read(thread, T0, 0);
            halfTheTime.read(thread, T0 + 1000 * MS, 500 * MS);
        }
        ContentionTracker loaded = new ContentionTracker(th, 1000, 64, halfTheTime);
        for (ContentionTracker t : List.of(onCores, loaded)) {
            for (int i = 0; i < 40; i++) {
                t.record(miss(FALSE_SHARING, T0 + i * 25 * MS, HEAD, TAIL));
            }
        }

        assertEquals(0, onCores.evaluate(T0 + 1000 * MS), "2 ms over 2 s of running time: 0.1%");
        assertEquals(0.001, only(onCores.belowThreshold(SITES)).costShare(), 1e-4);
        assertEquals(1, loaded.evaluate(T0 + 1000 * MS), "2 ms over the 1 s the two threads ran: 0.2%");
        assertEquals(0.002, only(loaded.findings(SITES)).costShare(), 1e-4);
    }

    @Test
    void scale_burstDutyCycleRaisesTheEstimateToTheWholeWindow() {
        // 40 misses over 250 ms, one access in 20 recorded within bursts that cover 1% of the time
        ContentionTracker bursts = new ContentionTracker(Thresholds.withRate(100_000), 20);
        recordMany(bursts, 40, FALSE_SHARING, T0, HEAD, TAIL);
        assertEquals(0, bursts.evaluate(T0 + 250 * MS), "40 * 20 / 0.25 s = 3,200/s: the ratio alone is not enough");
        bursts.scale(20 * 100.0);
        assertEquals(1, bursts.evaluate(T0 + 250 * MS), "40 * 2000 / 0.25 s = 320,000/s");
        Finding f = only(bursts.findings(SITES));
        assertEquals(40 * 2000L, f.events());
        assertEquals(320_000, f.ratePerSecond(), 1e-6);
    }

    @Test
    void scale_belowOneIsRejected() {
        ContentionTracker t = new ContentionTracker(ANY, 1);
        assertThrows(IllegalArgumentException.class, () -> t.scale(0.5));
        assertThrows(IllegalArgumentException.class, () -> t.scale(Double.NaN));
    }

    @Test
    void evaluate_decisionIsLatchedWhenTheRateLaterDrops() {
        ContentionTracker t = new ContentionTracker(new Thresholds(2, 100, MS), 1);
        recordMany(t, 2, FALSE_SHARING, T0, HEAD, TAIL);
        assertEquals(1, t.evaluate(T0 + 2 * MS)); // 2 misses over 2 ms: 1000/s

        t.record(miss(FALSE_SHARING, T0 + 60_000 * MS, HEAD, TAIL)); // a minute later: 0.05/s
        assertEquals(0, t.evaluate(T0 + 60_000 * MS));

        Finding f = only(t.findings(SITES));
        assertEquals(3, f.sampled());
        assertTrue(t.belowThreshold(SITES).isEmpty());
    }

    @Test
    void evaluate_belowThresholdClassesStayOutOfFindings() {
        ContentionTracker t = new ContentionTracker(new Thresholds(10, 0, 1), 1);
        recordMany(t, 12, FALSE_SHARING, T0, HEAD, TAIL);
        recordMany(t, 3, FALSE_SHARING, T0, FLAG, HEAD);
        recordMany(t, 5, TRUE_SHARING, T0, HEAD, HEAD);

        assertEquals(1, t.evaluate(T0 + 50 * MS));

        Finding hot = only(t.findings(SITES));
        assertEquals(QUEUE, hot.className());
        assertEquals(FALSE_SHARING, hot.kind());
        List<Finding> below = t.belowThreshold(SITES);
        assertEquals(List.of(TRUE_SHARING, FALSE_SHARING), below.stream().map(Finding::kind).toList());
        assertEquals(List.of(QUEUE, OTHER), below.stream().map(Finding::className).toList());
        assertTrue(below.stream().allMatch(f -> f.detectedNanos() == 0));
        assertEquals(20, t.misses());
    }

    @Test
    void evaluate_latchesAtAnyNanoTimeReading() {
        // System.nanoTime() has an arbitrary origin: readings of 0 or below are legitimate
        ContentionTracker t = new ContentionTracker(ANY, 1);
        recordMany(t, 3, FALSE_SHARING, -5 * MS, HEAD, TAIL);

        assertEquals(1, t.evaluate(0));
        assertFalse(t.findings(id -> "").isEmpty());
        Finding f = only(t.findings(SITES));
        assertEquals(0, f.detectedNanos());
        assertEquals(-5 * MS, f.firstMissNanos());
        assertEquals(5.0, f.detectionMillis());
        assertEquals(0, t.evaluate(1), "latched at the first evaluation");
        assertTrue(t.belowThreshold(SITES).isEmpty());
    }

    @Test
    void ratePerSecond_spansFromTheFirstMissToTheLastMissOrTheDecision() {
        // 10 sampled misses at ratio 10, one per ms from T0: 100 events
        ContentionTracker below = new ContentionTracker(new Thresholds(1_000, 0, MS), 10);
        recordMany(below, 10, FALSE_SHARING, T0, HEAD, TAIL);
        below.evaluate(T0 + 100 * MS);
        assertEquals(100 / 0.009, only(below.belowThreshold(SITES)).ratePerSecond(), 1e-6, "over 9 ms");

        ContentionTracker detected = new ContentionTracker(new Thresholds(1, 0, MS), 10);
        recordMany(detected, 10, FALSE_SHARING, T0, HEAD, TAIL);
        detected.evaluate(T0 + 20 * MS);
        assertEquals(100 / 0.020, only(detected.findings(SITES)).ratePerSecond(), 1e-6, "over 20 ms");
    }

    @Test
    void ratePerSecond_negativeNanoTimes() {
        ContentionTracker t = new ContentionTracker(new Thresholds(1_000, 0, MS), 1);
        t.record(miss(FALSE_SHARING, -10_000 * MS, HEAD, TAIL));
        t.record(miss(FALSE_SHARING, -9_000 * MS, HEAD, TAIL));

        assertEquals(2.0, only(t.belowThreshold(SITES)).ratePerSecond(), 1e-9, "2 misses over 1 s");
    }

    // ---- Finding contents ---------------------------------------------------------------------------------

    @Test
    void events_areSampledTimesSamplingRatio() {
        ContentionTracker t = new ContentionTracker(ANY, 1_000);
        recordMany(t, 7, FALSE_SHARING, T0, HEAD, TAIL);
        t.evaluate(T0 + 7 * MS);

        Finding f = only(t.findings(SITES));
        assertEquals(7, f.sampled());
        assertEquals(7_000, f.events());
    }

    @Test
    void repairable_onlyFalseSharingOnInstanceFields() {
        assertTrue(evaluatedFinding(miss(FALSE_SHARING, T0, HEAD, TAIL)).repairable());

        assertFalse(evaluatedFinding(miss(FALSE_SHARING, T0, longs(1), longs(2))).repairable(), "array elements");
        assertFalse(evaluatedFinding(miss(FALSE_SHARING, T0, COUNT, HEAD)).repairable(), "statics");
        assertFalse(evaluatedFinding(miss(TRUE_SHARING, T0, HEAD, HEAD)).repairable(), "true sharing on a field");
        assertFalse(evaluatedFinding(miss(TRUE_SHARING, T0, longs(1), longs(1))).repairable());
    }

    @Test
    void fields_bothSidesOfAFalseSharingConflictHottestFirst() {
        Finding f = evaluatedFinding(
                miss(FALSE_SHARING, T0, TAIL, HEAD),
                miss(FALSE_SHARING, T0 + 1, HEAD, TAIL),
                miss(FALSE_SHARING, T0 + 2, TAIL, HEAD),
                miss(FALSE_SHARING, T0 + 3, TAIL, HEAD));

        assertEquals(List.of("tail", "head"), f.fields());
        assertTrue(f.conflictsWith().isEmpty(), "same-class data are fields, not conflicts");
    }

    @Test
    void fields_includeTheOwnersSideEvenWhenItNeverMissed() {
        Datum size = Datum.field(QUEUE, "size", 24, 4);
        Finding f = evaluatedFinding(
                miss(FALSE_SHARING, T0, HEAD, TAIL, size),
                miss(FALSE_SHARING, T0 + 1, HEAD, TAIL));

        assertEquals(List.of("head", "size", "tail"), f.fields(), "missed field first, then the rest by name");
    }

    @Test
    void fields_emptyForArrayElements() {
        Finding f = evaluatedFinding(
                miss(FALSE_SHARING, T0, longs(1), longs(2)),
                miss(FALSE_SHARING, T0 + 1, longs(2), longs(1)));

        assertEquals(Datum.Kind.ELEMENT, f.location());
        assertEquals("long[]", f.className());
        assertTrue(f.fields().isEmpty());
        assertTrue(f.conflictsWith().isEmpty());
    }

    @Test
    void fields_ofStaticsAreTheStaticNames() {
        Datum other = Datum.staticField(QUEUE, "LIMIT", 120, 8);
        Finding f = evaluatedFinding(miss(FALSE_SHARING, T0, COUNT, other));

        assertEquals(List.of("COUNT", "LIMIT"), f.fields());
        assertFalse(f.repairable());
    }

    @Test
    void conflictsWith_namesDataOfOtherClassesOnTheLine() {
        Datum bytes = Datum.element("byte[]", 3, 19, 1);
        ContentionTracker t = new ContentionTracker(ANY, 1);
        t.record(miss(FALSE_SHARING, T0, HEAD, TAIL, FLAG));
        t.record(miss(FALSE_SHARING, T0 + 1, HEAD, FLAG, bytes, COUNT));
        t.evaluate(T0 + 1_000 * MS);
        Finding f = t.findings(SITES).stream().filter(x -> x.className().equals(QUEUE)).findFirst().orElseThrow();

        assertEquals(List.of("io.jremix.test.Other::flag", "byte[]", "io.jremix.test.Queue::COUNT"),
                f.conflictsWith(), "in order of appearance, each once; a static of the same class is another datum");
        assertEquals(List.of("head", "tail"), f.fields(), "other classes' members are not fields");
    }

    @Test
    void falseSharing_isAlsoCountedTowardsTheClassWhoseWritesTheReaderMissedOn() {
        Datum seen = Datum.field(OTHER, "limit", 16, 8);
        ContentionTracker t = new ContentionTracker(ANY, 1);
        recordMany(t, 4, FALSE_SHARING, T0, FLAG, HEAD, TAIL, seen);
        t.evaluate(T0 + 1_000 * MS);

        Finding writer = t.findings(SITES).stream().filter(f -> f.className().equals(QUEUE)).findFirst().orElseThrow();
        assertEquals(4, writer.sampled(), "one per miss, not one per field written");
        assertEquals(List.of("head", "tail"), writer.fields());
        assertEquals(Map.of("head", Set.of(0), "tail", Set.of(0)), writer.writers(),
                "the line's owner wrote them: padding moves them off the reader's line");
        assertEquals(List.of("io.jremix.test.Other::flag"), writer.conflictsWith());
        assertTrue(writer.repairable());
        assertEquals(4, t.misses(), "the misses themselves are counted once");
    }

    @Test
    void trueSharingAndElementWrites_blameNoOtherClass() {
        ContentionTracker t = new ContentionTracker(ANY, 1);
        recordMany(t, 3, TRUE_SHARING, T0, FLAG, FLAG, HEAD);
        recordMany(t, 3, FALSE_SHARING, T0, FLAG, longs(1));
        t.evaluate(T0 + 1_000 * MS);

        assertTrue(t.findings(SITES).stream().allMatch(f -> f.className().equals(OTHER)), t.findings(SITES)::toString);
    }

    @Test
    void hits_hottestFirstLabelledByFieldAndOffset() {
        Datum count = Datum.field(QUEUE, "count", 24, 4);
        Finding f = evaluatedFinding(
                miss(TRUE_SHARING, T0, count, count),
                miss(TRUE_SHARING, T0 + 1, HEAD, HEAD),
                miss(TRUE_SHARING, T0 + 2, HEAD, HEAD),
                miss(TRUE_SHARING, T0 + 3, TAIL, TAIL),
                miss(TRUE_SHARING, T0 + 4, HEAD, HEAD));

        assertEquals(List.of(new Finding.Hit("head[16]", 3), new Finding.Hit("count[24]", 1),
                new Finding.Hit("tail[40]", 1)), f.hits(), "ties by label");
        assertEquals(List.of("head", "count", "tail"), f.fields());
    }

    @Test
    void hits_ofArrayElementsAreLabelledByIndex() {
        Finding f = evaluatedFinding(
                miss(FALSE_SHARING, T0, longs(3), longs(4)),
                miss(FALSE_SHARING, T0 + 1, longs(4), longs(3)),
                miss(FALSE_SHARING, T0 + 2, longs(4), longs(3)));

        assertEquals(List.of(new Finding.Hit("[4]", 2), new Finding.Hit("[3]", 1)), f.hits());
    }

    @Test
    void sites_resolvedThroughTheFunction_hottestFirst_atMostFive_withTheirMisses() {
        // site id -> misses it made: 12:7, 15:6, 10:5, 16:4, 11:3, 13:2, 14:1
        int[][] siteCounts = {{12, 7}, {15, 6}, {10, 5}, {16, 4}, {11, 3}, {13, 2}, {14, 1}};
        ContentionTracker t = new ContentionTracker(ANY, 1);
        long time = T0;
        for (int[] sc : siteCounts) {
            for (int i = 0; i < sc[1]; i++) {
                t.record(miss(FALSE_SHARING, time++, HEAD, sc[0], TAIL));
            }
        }
        t.record(miss(FALSE_SHARING, time++, HEAD, -1, TAIL)); // unknown site: counted, never named
        t.evaluate(time);

        List<Integer> asked = new ArrayList<>();
        Finding f = only(t.findings(id -> {
            asked.add(id);
            return "Site#" + id;
        }));

        assertEquals(List.of("Site#12", "Site#15", "Site#10", "Site#16", "Site#11"), f.sites());
        assertEquals(List.of(7L, 6L, 5L, 4L, 3L), f.siteSamples());
        assertFalse(asked.contains(-1));
        assertEquals(29, f.sampled());
    }

    @Test
    void sites_emptyWhenNoSiteIsKnown() {
        assertTrue(evaluatedFinding(miss(FALSE_SHARING, T0, HEAD, TAIL)).sites().isEmpty());
    }

    @Test
    void detectionMillis_fromFirstMissToDecision() {
        ContentionTracker t = new ContentionTracker(new Thresholds(3, 0, 1), 1);
        recordMany(t, 2, FALSE_SHARING, T0 + 5 * MS, HEAD, TAIL);
        assertEquals(0, t.evaluate(T0 + 100 * MS));
        t.record(miss(FALSE_SHARING, T0 + 200 * MS, HEAD, TAIL));
        assertEquals(1, t.evaluate(T0 + 255 * MS + 500_000));

        Finding f = only(t.findings(SITES));
        assertEquals(T0 + 5 * MS, f.firstMissNanos());
        assertEquals(T0 + 255 * MS + 500_000, f.detectedNanos());
        assertEquals(250.5, f.detectionMillis(), 1e-9);
    }

    // ---- end to end: simulator misses through realistic thresholds ---------------------------------------

    private static final Thresholds REALISTIC = Thresholds.withRate(Thresholds.DEFAULT_EVENTS_PER_SECOND);
    private static final int RATIO = 1_000;

    /** Replays {@code trace} and feeds its misses to a tracker with realistic thresholds, evaluated at its end. */
    private static ContentionTracker track(Trace trace) {
        ContentionTracker t = new ContentionTracker(REALISTIC, RATIO);
        trace.replay().forEach(t::record);
        List<Access> accesses = trace.accesses();
        t.evaluate(accesses.get(accesses.size() - 1).time() + 1);
        return t;
    }

    @Test
    void endToEnd_falseSharingOnFields_isARepairableFinding() {
        // thread 0 writes head at site 1, thread 1 writes tail at site 2, one sampled access per microsecond
        Trace trace = new Trace().at(T0).step(1_000);
        for (int i = 0; i < 100; i++) {
            trace.add(0, 0x1010, true, HEAD, 1).add(1, 0x1028, true, TAIL, 2);
        }
        ContentionTracker t = track(trace);

        Finding f = only(t.findings(SITES));
        assertEquals(FALSE_SHARING, f.kind());
        assertEquals(QUEUE, f.className());
        assertEquals(Datum.Kind.FIELD, f.location());
        assertTrue(f.repairable());
        assertEquals(List.of("head", "tail"), f.fields());
        assertEquals(List.of(new Finding.Hit("head[16]", 99), new Finding.Hit("tail[40]", 99)), f.hits());
        assertEquals(List.of("Site#1", "Site#2"), f.sites());
        assertEquals(198 * RATIO, f.events());
        assertEquals(1, t.handoffs(), "the line's first miss counts as a hand-off");
        assertEquals(T0 + 2_000, f.firstMissNanos(), "the first access is cold, the first miss a hand-off");
        assertEquals((f.detectedNanos() - f.firstMissNanos()) / 1e6, f.detectionMillis());
        assertTrue(t.belowThreshold(SITES).isEmpty());
    }

    @Test
    void endToEnd_trueSharingOnACounter_isNotRepairable() {
        Datum value = Datum.field("io.jremix.test.Counter", "value", 16, 8);
        Trace trace = new Trace().at(T0).step(1_000);
        for (int i = 0; i < 100; i++) {
            trace.write(0, 0x2010, value).write(1, 0x2010, value);
        }

        Finding f = only(track(trace).findings(SITES));
        assertEquals(TRUE_SHARING, f.kind());
        assertFalse(f.repairable());
        assertEquals(List.of("value"), f.fields());
        assertEquals(List.of(new Finding.Hit("value[16]", 198)), f.hits());
    }

    @Test
    void endToEnd_falseSharingOnArrayElements_hasNoFields() {
        Trace trace = new Trace().at(T0).step(1_000);
        for (int i = 0; i < 100; i++) {
            trace.write(0, 0x3018, longs(1)).write(1, 0x3020, longs(2));
        }

        Finding f = only(track(trace).findings(SITES));
        assertEquals(FALSE_SHARING, f.kind());
        assertEquals(Datum.Kind.ELEMENT, f.location());
        assertFalse(f.repairable());
        assertTrue(f.fields().isEmpty());
        assertEquals(List.of(new Finding.Hit("[1]", 99), new Finding.Hit("[2]", 99)), f.hits());
    }

    @Test
    void theProgramsClassesComeBeforeTheJdks() {
        // a queue extending AtomicReference: the JDK's value misses more often than the queue's own field
        Datum inherited = Datum.field("java.util.concurrent.atomic.AtomicReference", "value", 12, 4);
        Datum own = Datum.field(QUEUE, "headRef", 16, 4);
        ContentionTracker t = new ContentionTracker(ANY, 1);
        recordMany(t, 5, FALSE_SHARING, T0, inherited);
        recordMany(t, 3, FALSE_SHARING, T0, own);
        t.evaluate(T0 + 1_000 * MS);

        assertEquals(List.of(QUEUE, "java.util.concurrent.atomic.AtomicReference"),
                t.findings(SITES).stream().map(Finding::className).toList());
    }

    @Test
    void endToEnd_twoClassesOnOneLine_eachConflictsWithTheOther() {
        // a Queue's tail and an unrelated Other's flag end up on the same line
        Trace trace = new Trace().at(T0).step(1_000);
        for (int i = 0; i < 100; i++) {
            trace.write(0, 0x1028, TAIL).write(1, 0x1030, FLAG);
        }

        List<Finding> findings = track(trace).findings(SITES);
        assertEquals(List.of(QUEUE, OTHER), findings.stream().map(Finding::className).toList());
        assertEquals(List.of("io.jremix.test.Other::flag"), findings.get(0).conflictsWith());
        assertEquals(List.of("tail"), findings.get(0).fields());
        assertEquals(List.of("io.jremix.test.Queue::tail"), findings.get(1).conflictsWith());
        assertEquals(List.of("flag"), findings.get(1).fields());
    }

    @Test
    void endToEnd_tooFewSampledMisses_stayBelowThreshold() {
        Trace trace = new Trace().at(T0).step(1_000);
        for (int i = 0; i < 10; i++) { // 18 repeated misses < DEFAULT_MIN_SAMPLED, although the rate is high
            trace.write(0, 0x1010, HEAD).write(1, 0x1028, TAIL);
        }
        ContentionTracker t = track(trace);

        assertTrue(t.findings(id -> "").isEmpty());
        assertTrue(t.findings(SITES).isEmpty());
        assertEquals(18, only(t.belowThreshold(SITES)).sampled());
    }

    @Test
    void handoff_oneMissPerLineIsNotContention() {
        // thread 0 initialises 1,000 lines, thread 1 then reads each once: every line misses exactly once
        Trace trace = new Trace().at(T0).step(10);
        for (int line = 0; line < 1_000; line++) {
            trace.write(0, 0x10_0000 + 64L * line, longs(8 * line));
        }
        for (int line = 0; line < 1_000; line++) {
            trace.read(1, 0x10_0000 + 64L * line + 8, longs(8 * line + 1));
        }
        ContentionTracker t = track(trace);

        assertEquals(1_000, t.handoffs());
        assertEquals(0, t.misses());
        assertTrue(t.findings(SITES).isEmpty());
        assertTrue(t.belowThreshold(SITES).isEmpty());
    }

    @Test
    void memory_distinctHitLabelsPerClassAreBounded() {
        ContentionTracker t = new ContentionTracker(ANY, RATIO);
        for (int i = 0; i < 3 * ContentionTracker.MAX_KEYS; i++) {
            t.record(miss(FALSE_SHARING, T0 + i, longs(i)));
        }
        t.evaluate(T0 + 10_000_000_000L);
        Finding f = only(t.findings(SITES));
        assertEquals(3L * ContentionTracker.MAX_KEYS, f.sampled(), "every miss still counts");
        assertEquals(ContentionTracker.MAX_KEYS, f.hits().size(), "but only so many elements are named");
    }

    @Test
    void constructor_rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new ContentionTracker(ANY, 0));
        assertThrows(IllegalArgumentException.class, () -> new ContentionTracker(ANY, -1));
        assertThrows(NullPointerException.class, () -> new ContentionTracker(null, 1));
    }
}
