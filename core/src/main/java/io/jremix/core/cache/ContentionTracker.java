package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Aggregates coherence misses per (sharing kind, class, location) and decides, against the thresholds,
 * which of them are findings. A false-sharing miss counts towards the class of the datum that missed and towards
 * every other class whose fields the line's owner wrote: a reader's misses name the writer that padding must move.
 * A decision is latched: once a class crossed the thresholds it stays reported.
 * Sampled writes also go to {@link LatentSharing}, which adds the false sharing another placement would show.
 */
public final class ContentionTracker {
    private static final int MAX_SITES = 5;
    /** Distinct hit labels, fields, conflicts and sites kept per class: bounds memory on long runs. */
    static final int MAX_KEYS = 1024;
    /** Writer threads remembered per field, enough to tell which threads write what. */
    static final int MAX_WRITERS = 64;

    private final Thresholds thresholds;
    private final ThreadTimes times;
    /** Real accesses each recorded one stands for. */
    private double scale;
    private final Map<Key, Stats> stats = new LinkedHashMap<>();
    private final LatentSharing latent;
    private long misses;
    private long handoffs;

    /** With 64-byte lines for the prediction of latent false sharing. */
    public ContentionTracker(Thresholds thresholds, int samplingRatio) {
        this(thresholds, samplingRatio, 64);
    }

    /** With threads whose clocks are never read: each counts as on a core all the time. */
    public ContentionTracker(Thresholds thresholds, int samplingRatio, int lineSize) {
        this(thresholds, samplingRatio, lineSize, new ThreadTimes(Runtime.getRuntime().availableProcessors()));
    }

    /**
     * @param samplingRatio real accesses each recorded one stands for, until {@link #scale(double)} says otherwise
     * @param lineSize      cache-line size in bytes, for the prediction of latent false sharing
     * @param times         how much of the time each thread runs, against which contention is costed
     */
    public ContentionTracker(Thresholds thresholds, int samplingRatio, int lineSize, ThreadTimes times) {
        this.thresholds = Objects.requireNonNull(thresholds);
        this.times = Objects.requireNonNull(times);
        this.latent = new LatentSharing(lineSize, thresholds, times);
        scale(samplingRatio);
    }

    /**
     * Sets how many real accesses each recorded one stands for, from now on: the sampling ratio within tracing
     * bursts times the share of time the bursts cover, so that the estimated misses per second mean the same
     * whatever the sampling scheme.
     */
    public void scale(double accessesPerRecorded) {
        if (!(accessesPerRecorded >= 1)) {
            throw new IllegalArgumentException("sampling ratio must be at least 1: " + accessesPerRecorded);
        }
        this.scale = accessesPerRecorded;
        latent.scale(accessesPerRecorded);
    }

    /**
     * Accounts a sampled access to an instance field for the prediction of latent false sharing, whatever line it
     * fell on.
     *
     * @param objectSize bytes the accessed object takes (header and alignment included); unused for statics and
     *                   array elements
     */
    public void accessed(Access a, int objectSize) {
        latent.accessed(a, objectSize);
    }

    /**
     * Counts a miss towards its class. The first miss of each line is only counted as a hand-off: data written by
     * one thread and then used by another (initialisation, a message passed on) misses once per line, while
     * contention keeps moving the same lines back and forth.
     */
    public void record(CoherenceMiss miss) {
        if (!miss.repeated()) {
            handoffs++;
            return;
        }
        misses++;
        Datum d = miss.access().datum();
        stats.computeIfAbsent(new Key(miss.kind(), d.className(), d.kind()), k -> new Stats()).add(miss);
        if (miss.kind() == SharingKind.FALSE_SHARING) {
            blameWriters(miss);
        }
    }

    /**
     * Counts a false-sharing miss also towards each other class whose fields the line's owner wrote: a thread that
     * only reads sees its own class miss, but it is the writer's fields that padding must move away. Each such
     * class is counted once per miss, with the fields written.
     */
    private void blameWriters(CoherenceMiss miss) {
        Datum d = miss.access().datum();
        Map<String, List<Datum>> written = new LinkedHashMap<>();
        for (Datum o : miss.ownerWrites()) {
            if (o.kind() == Datum.Kind.FIELD && o.member() != null && !o.className().equals(d.className())) {
                written.computeIfAbsent(o.className(), c -> new ArrayList<>(2)).add(o);
            }
        }
        written.forEach((className, data) -> stats.computeIfAbsent(
                new Key(SharingKind.FALSE_SHARING, className, Datum.Kind.FIELD), k -> new Stats()).blamed(miss, data));
    }

    /**
     * Latches the classes that crossed the thresholds by {@code nowNanos}.
     *
     * @return how many classes crossed them in this call
     */
    public int evaluate(long nowNanos) {
        int crossed = latent.evaluate(nowNanos);
        for (Stats s : stats.values()) {
            if (!s.detected && thresholds.exceeded(s.sampled, nowNanos - s.firstNanos, scale, times.onCore(s.threads))) {
                s.detected = true;
                s.detectedNanos = nowNanos;
                crossed++;
            }
        }
        return crossed;
    }

    /**
     * Drops the totals of classes that never crossed the thresholds, so that a new detection window measures their
     * rate afresh instead of spreading it over the time the window was closed.
     */
    public void forgetBelowThreshold() {
        stats.values().removeIf(s -> !s.detected);
        latent.forgetUnlatched();
    }

    /**
     * The classes with contention left to find, as of {@code nowNanos}: some of their sampled contention has been a
     * finding for less than {@code foundNanos}, or has not become one and was sampled for less than {@code
     * belowNanos}, or at half the thresholds or more. Tracing the others further adds nothing at these thresholds
     * unless their contention grows.
     */
    public Set<String> unsettledClasses(long nowNanos, long foundNanos, long belowNanos) {
        Set<String> unsettled = new HashSet<>();
        stats.forEach((k, s) -> {
            if (!s.settled(nowNanos, foundNanos, belowNanos)) {
                unsettled.add(k.className());
            }
        });
        return unsettled;
    }

    /** First misses of their line, not counted towards findings. */
    public long handoffs() {
        return handoffs;
    }

    /** Sampled coherence misses on lines that missed before, above thresholds or not. */
    public long misses() {
        return misses;
    }

    /**
     * The findings, most events first, then the latent false sharing predicted, in the order it was. A class both
     * observed and predicted is one finding: the observed false sharing, carrying the prediction's neighbours and
     * the fields and writers it adds, so that every run names the class whether or not its placement shared lines.
     */
    public List<Finding> findings(IntFunction<String> siteNames) {
        List<Finding> out = snapshot(true, siteNames);
        for (Finding predicted : latent.findings(siteNames)) {
            int observed = indexOfObserved(out, predicted.className());
            if (observed >= 0) {
                out.set(observed, withPrediction(out.get(observed), predicted));
            } else {
                out.add(predicted);
            }
        }
        // the program's classes before the JDK's, each by samples: where a JDK superclass declares the field written
        // beside the program's own, the program's class is what a person can change
        out.sort(Comparator.comparing(f -> LatentSharing.jdkClass(f.className())));
        return out;
    }

    private static int indexOfObserved(List<Finding> findings, String className) {
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            if (f.kind() == SharingKind.FALSE_SHARING && f.location() == Datum.Kind.FIELD
                    && f.className().equals(className)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code observed} with the neighbours of {@code predicted}, and the union of their fields and writers. */
    private static Finding withPrediction(Finding observed, Finding predicted) {
        Set<String> fields = new LinkedHashSet<>(observed.fields());
        fields.addAll(predicted.fields());
        Map<String, Set<Integer>> writers = new TreeMap<>();
        for (Finding f : List.of(observed, predicted)) {
            f.writers().forEach((field, threads) -> writers.computeIfAbsent(field, k -> new TreeSet<>()).addAll(threads));
        }
        writers.replaceAll((field, threads) -> Set.copyOf(threads));
        return new Finding(observed.kind(), observed.className(), observed.location(), List.copyOf(fields),
                observed.events(), observed.sampled(), observed.repairable(), observed.hits(),
                observed.conflictsWith(), observed.sites(), observed.siteSamples(), observed.ratePerSecond(),
                observed.firstMissNanos(), observed.detectedNanos(), Collections.unmodifiableMap(writers),
                predicted.neighbours(), observed.costShare());
    }

    /** Classes with misses that stayed below the thresholds, most events first. */
    public List<Finding> belowThreshold(IntFunction<String> siteNames) {
        return snapshot(false, siteNames);
    }

    private List<Finding> snapshot(boolean detected, IntFunction<String> siteNames) {
        List<Finding> out = new ArrayList<>();
        stats.forEach((k, s) -> {
            if (s.detected == detected) {
                out.add(s.toFinding(k, siteNames));
            }
        });
        out.sort(Comparator.comparingLong(Finding::sampled).reversed());
        return out;
    }

    private record Key(SharingKind kind, String className, Datum.Kind location) {
    }

    /** Running totals for one key. */
    private final class Stats {
        long sampled;
        long firstNanos;
        long lastNanos;
        long detectedNanos;
        /** Latched; not {@code detectedNanos != 0}, since {@link System#nanoTime()} may read 0 or less. */
        boolean detected;
        final Map<String, long[]> hits = new HashMap<>();
        final Map<String, long[]> fields = new HashMap<>();
        final Set<String> conflicts = new LinkedHashSet<>();
        final Map<Integer, long[]> sites = new HashMap<>();
        final Map<String, Set<Integer>> writers = new HashMap<>();
        /** The threads that missed, and those whose writes they missed on: what the misses cost is theirs. */
        final Set<Integer> threads = new HashSet<>();

        /** Found {@code foundNanos} ago or more, or sampled {@code belowNanos} at under half the thresholds. */
        boolean settled(long nowNanos, long foundNanos, long belowNanos) {
            if (detected) {
                return nowNanos - detectedNanos >= foundNanos;
            }
            return nowNanos - firstNanos >= belowNanos
                    && thresholds.level(sampled, nowNanos - firstNanos, scale, times.onCore(threads)) < 0.5;
        }

        void add(CoherenceMiss miss) {
            Access a = miss.access();
            Datum d = a.datum();
            seen(miss);
            count(hits, d.hitLabel());
            if (d.member() != null) {
                count(fields, d.member());
                if (a.write()) {
                    wroteBy(d.member(), a.thread());
                }
            }
            for (Datum o : miss.ownerWrites()) {
                if (o.className().equals(d.className()) && o.kind() == d.kind()) {
                    if (o.member() != null && fields.size() < MAX_KEYS) {
                        fields.putIfAbsent(o.member(), new long[1]);
                        wroteBy(o.member(), miss.owner());
                    }
                } else if (conflicts.size() < MAX_KEYS) {
                    conflicts.add(o.qualifiedName());
                }
            }
            if (a.site() >= 0) {
                count(sites, a.site());
            }
        }

        /** A miss of another class's access on a line where the owner wrote {@code written}, all of this class. */
        void blamed(CoherenceMiss miss, List<Datum> written) {
            Access a = miss.access();
            seen(miss);
            for (Datum w : written) {
                count(hits, w.hitLabel());
                count(fields, w.member());
                wroteBy(w.member(), miss.owner());
            }
            if (conflicts.size() < MAX_KEYS) {
                conflicts.add(a.datum().qualifiedName());
            }
        }

        private void seen(CoherenceMiss miss) {
            long time = miss.access().time();
            if (threads.size() < MAX_WRITERS) {
                threads.add(miss.access().thread());
                threads.add(miss.owner());
            }
            if (sampled++ == 0) {
                firstNanos = time;
                lastNanos = time;
            }
            lastNanos = Math.max(lastNanos, time);
        }

        private void wroteBy(String field, int thread) {
            Set<Integer> threads = writers.get(field);
            if (threads == null && writers.size() < MAX_KEYS) {
                threads = new TreeSet<>();
                writers.put(field, threads);
            }
            if (threads != null && threads.size() < MAX_WRITERS) {
                threads.add(thread);
            }
        }

        /** Counts one more for {@code key}; a key beyond the first {@link #MAX_KEYS} is not counted. */
        private static <K> void count(Map<K, long[]> counts, K key) {
            long[] n = counts.get(key);
            if (n == null && counts.size() < MAX_KEYS) {
                n = new long[1];
                counts.put(key, n);
            }
            if (n != null) {
                n[0]++;
            }
        }

        Finding toFinding(Key k, IntFunction<String> siteNames) {
            long spanEnd = detected ? Math.max(lastNanos, detectedNanos) : lastNanos;
            double rate = thresholds.rate(sampled, spanEnd - firstNanos, scale);
            boolean repairable = k.kind == SharingKind.FALSE_SHARING && k.location == Datum.Kind.FIELD;
            List<Finding.Hit> hitList = new ArrayList<>();
            hits.forEach((label, n) -> hitList.add(new Finding.Hit(label, n[0])));
            hitList.sort(Comparator.comparingLong(Finding.Hit::sampled).reversed().thenComparing(Finding.Hit::label));
            return new Finding(k.kind, k.className, k.location, hottest(fields, Integer.MAX_VALUE, String::valueOf),
                    Math.round(sampled * scale), sampled, repairable, List.copyOf(hitList), List.copyOf(conflicts),
                    hottest(sites, MAX_SITES, siteNames::apply), hottestCounts(sites, MAX_SITES), rate, firstNanos,
                    detectedNanos, writerSets(), List.of(),
                    Thresholds.costShare(rate, times.onCore(threads)));
        }

        private Map<String, Set<Integer>> writerSets() {
            Map<String, Set<Integer>> copy = new TreeMap<>();
            writers.forEach((field, threads) -> copy.put(field, Set.copyOf(threads)));
            return Collections.unmodifiableMap(copy);
        }
    }

    static <K extends Comparable<K>> List<String> hottest(Map<K, long[]> counts, int limit,
                                                                   java.util.function.Function<K, String> name) {
        return hottestFirst(counts, limit).map(e -> name.apply(e.getKey())).toList();
    }

    /** The counts of {@link #hottest}'s keys, in its order. */
    static <K extends Comparable<K>> List<Long> hottestCounts(Map<K, long[]> counts, int limit) {
        return hottestFirst(counts, limit).map(e -> e.getValue()[0]).toList();
    }

    private static <K extends Comparable<K>> Stream<Map.Entry<K, long[]>> hottestFirst(
            Map<K, long[]> counts, int limit) {
        return counts.entrySet().stream()
                .sorted(Comparator.<Map.Entry<K, long[]>>comparingLong(e -> e.getValue()[0]).reversed()
                        .thenComparing(Map.Entry::getKey))
                .limit(limit);
    }
}
