package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * Predicts false sharing that this run's placement avoided, as PREDATOR does for C (Liu and Berger, "Predator:
 * Predictive False Sharing Detection", PPoPP 2014, <a href="https://doi.org/10.1145/2555243.2555244">doi</a>).
 * Whether two hot fields share a line depends on where the JVM put their objects, which changes from run to run;
 * so sampled writes are also accounted per field and thread, regardless of lines, and two fields written by
 * different threads are reported when some placement puts them on one line:
 * <ul>
 *     <li>two fields of one object, each written by its own thread, whose bytes span at most a line;</li>
 *     <li>one field of two instances, each written by its own thread, when two instances fit in a line: the
 *     instance size plus the field's size is at most a line, so neighbouring instances can share one;</li>
 *     <li>two fields of a class written by different threads in different objects, when the end of one instance
 *     and the start of the next bring them within a line (a field near an object's end, the other near its
 *     start), whatever the instance size.</li>
 * </ul>
 * A field of one object written by several threads is true sharing, which padding cannot help; it is left out. Only
 * long-lived hot objects count: a field of an object takes part once it has {@value #HOT_WRITES} sampled writes by
 * one thread, so objects written briefly by whichever thread uses them (tasks, messages) do not add up. And the two
 * threads must write at the same time: two threads that write in turn (one round of a program, then the next, in a
 * thread each) would not contend wherever their objects lay.
 */
final class LatentSharing {
    /** Sampled writes by one thread to one field of one object before that object counts as hot. */
    static final int HOT_WRITES = 4;
    /** Objects whose writes are followed, the most recently written: bounds memory on allocation-heavy programs. */
    static final int MAX_OBJECTS = 1 << 14;
    /** Fields whose writes are counted: bounds memory on programs with many classes. */
    static final int MAX_FIELDS = 4096;
    private static final int SHARED = -1;
    /** Writes by one thread to one field became hot in two objects of one epoch. */
    private static final AddressKey SEVERAL = new AddressKey();
    private static final int MAX_SITES = 5;

    private final int lineSize;
    private final Thresholds thresholds;
    /** Real accesses each sampled one stands for ({@link ContentionTracker#scale}). */
    private double scale;
    private final Map<Datum, FieldWrites> fields = new HashMap<>();
    private final Set<Pair> pairs = new LinkedHashSet<>();
    /** The written fields of the objects written last, least recent first; looked up through {@link #probe}. */
    private final Map<AddressKey, HotObject> objects = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<AddressKey, HotObject> eldest) {
            return size() > MAX_OBJECTS;
        }
    };
    private final AddressKey probe = new AddressKey();
    /** The field of the last write: a hot loop writes the same fields over and over. */
    private FieldWrites lastField;
    /** The evidence of each class predicted, in the order they were: once predicted, a class stays reported. */
    private final Map<String, Latched> latched = new LinkedHashMap<>();

    LatentSharing(int lineSize, Thresholds thresholds) {
        this.lineSize = lineSize;
        this.thresholds = thresholds;
    }

    void scale(double accessesPerSampled) {
        scale = accessesPerSampled;
    }

    /**
     * Accounts one sampled access; only writes to named instance fields count.
     *
     * @param objectSize bytes the accessed object takes, header and alignment included
     */
    void wrote(Access a, int objectSize) {
        Datum d = a.datum();
        if (!a.write() || d.kind() != Datum.Kind.FIELD || d.member() == null || d.member().startsWith("@")) {
            return;
        }
        FieldWrites f = field(d, objectSize);
        if (f == null) {
            return;
        }
        f.objectSize = Math.min(f.objectSize, objectSize);
        Slot s = slot(a.epoch(), a.address() - d.offset(), f, a.thread());
        if (s.writer == SHARED) {
            return;
        }
        if (s.writer != a.thread()) { // two threads write this very field: true sharing, not a placement accident
            if (s.writes >= HOT_WRITES) {
                f.add(s.writer, -s.writes, a);
            }
            s.writer = SHARED;
            return;
        }
        s.writes++;
        if (s.writes == HOT_WRITES) {
            f.add(s.writer, HOT_WRITES, a);
            f.becameHot(s.writer, s.object);
            pairWithNeighbours(s);
        } else if (s.writes > HOT_WRITES) {
            f.add(s.writer, 1, a);
        }
    }

    /** The counts of field {@code d}, or {@code null} once {@link #MAX_FIELDS} other fields are counted. */
    private FieldWrites field(Datum d, int objectSize) {
        if (lastField != null && (lastField.datum == d || lastField.datum.equals(d))) {
            return lastField;
        }
        FieldWrites f = fields.get(d);
        if (f == null) {
            if (fields.size() >= MAX_FIELDS) {
                return null;
            }
            f = new FieldWrites(d, objectSize);
            fields.put(d, f);
        }
        lastField = f;
        return f;
    }

    /** Field {@code f} of the object at {@code base}: allocates only for an object or field not seen before. */
    private Slot slot(int epoch, long base, FieldWrites f, int thread) {
        HotObject object = objects.get(probe.at(epoch, base));
        if (object == null) {
            AddressKey key = new AddressKey().at(epoch, base);
            object = new HotObject(key);
            objects.put(key, object);
        }
        for (int i = 0; i < object.slots.size(); i++) { // indexed: an iterator would be allocated for every write
            if (object.slots.get(i).field == f) {
                return object.slots.get(i);
            }
        }
        Slot s = new Slot(f, thread, object);
        object.slots.add(s);
        return s;
    }

    /** Pairs a field that just became hot with the hot fields of the same object other threads write nearby. */
    private void pairWithNeighbours(Slot s) {
        Datum d = s.field.datum;
        for (Slot o : s.object.slots) {
            Datum other = o.field.datum;
            if (o.writer != SHARED && o.writer != s.writer && o.writes >= HOT_WRITES && span(d, other) <= lineSize
                    && pairs.size() < ContentionTracker.MAX_KEYS) {
                pairs.add(Pair.of(d, s.writer, other, o.writer));
            }
        }
    }

    private static int span(Datum a, Datum b) {
        return Math.max(a.offset() + a.size(), b.offset() + b.size()) - Math.min(a.offset(), b.offset());
    }

    /**
     * Latches the classes predicted by {@code nowNanos} and refreshes the evidence of those latched before.
     *
     * @return how many classes were predicted for the first time
     */
    int evaluate(long nowNanos) {
        Map<String, List<Finding.Neighbours>> byClass = new TreeMap<>();
        neighbouringInstances(byClass);
        for (Pair p : pairs) {
            FieldWrites fa = fields.get(p.a);
            FieldWrites fb = fields.get(p.b);
            if (fa.hot(p.writerA) && fb.hot(p.writerB) && fa.atTheSameTime(p.writerA, fb, p.writerB)) {
                double rate = Math.min(fa.rate(p.writerA), fb.rate(p.writerB));
                int span = span(p.a, p.b);
                add(byClass, p.a, new Finding.Neighbours(p.a.member(), p.writerA, p.b.qualifiedName(), p.writerB,
                        true, span, rate));
                if (!p.b.className().equals(p.a.className())) { // declared in a superclass: its finding too
                    add(byClass, p.b, new Finding.Neighbours(p.b.member(), p.writerB, p.a.qualifiedName(), p.writerA,
                            true, span, rate));
                }
            }
        }
        int crossed = 0;
        for (Map.Entry<String, List<Finding.Neighbours>> e : byClass.entrySet()) {
            Latched before = latched.get(e.getKey());
            crossed += before == null ? 1 : 0;
            latched.put(e.getKey(), new Latched(List.copyOf(e.getValue()), before == null ? nowNanos : before.nanos()));
        }
        return crossed;
    }

    /**
     * Fields of neighbouring instances of one class, each written by its own thread: the same field of two instances,
     * or two fields, when the end of one instance and the start of the next bring them within a line.
     */
    private void neighbouringInstances(Map<String, List<Finding.Neighbours>> byClass) {
        Map<Datum, List<Integer>> hot = new HashMap<>();
        Map<String, List<Datum>> byDeclaringClass = new TreeMap<>();
        fields.forEach((d, f) -> {
            List<Integer> writers = f.hotWriters();
            if (!writers.isEmpty()) {
                hot.put(d, writers);
                byDeclaringClass.computeIfAbsent(d.className(), c -> new ArrayList<>()).add(d);
            }
        });
        byDeclaringClass.values().forEach(declared -> {
            declared.sort(Comparator.comparingInt(Datum::offset));
            for (int i = 0; i < declared.size(); i++) {
                for (int j = i; j < declared.size(); j++) {
                    Datum a = declared.get(i);
                    Datum b = declared.get(j);
                    FieldWrites fa = fields.get(a);
                    FieldWrites fb = fields.get(b);
                    // b's instance first, then a's: from b's first byte to a's last (the same field: one instance)
                    int span = Math.min(fa.objectSize, fb.objectSize) + a.offset() + a.size() - b.offset();
                    int[] writers = span <= lineSize ? writersApart(fa, hot.get(a), fb, hot.get(b)) : null;
                    if (writers != null) {
                        add(byClass, a, new Finding.Neighbours(a.member(), writers[0], b.qualifiedName(), writers[1],
                                false, span, Math.min(fa.rate(writers[0]), fb.rate(writers[1]))));
                    }
                }
            }
        });
    }

    /**
     * The hottest writers of {@code a} and of {@code b}, different threads in different objects, or {@code null}:
     * two fields written in one object are that object's pair, not neighbouring instances.
     */
    private static int[] writersApart(FieldWrites a, List<Integer> hotA, FieldWrites b, List<Integer> hotB) {
        for (int ta : hotA) {
            for (int tb : hotB) {
                if (ta != tb && (a == b || a.apart(ta, b, tb)) && a.atTheSameTime(ta, b, tb)) {
                    return new int[] {ta, tb};
                }
            }
        }
        return null;
    }

    private void add(Map<String, List<Finding.Neighbours>> byClass, Datum d, Finding.Neighbours n) {
        byClass.computeIfAbsent(d.className(), c -> new ArrayList<>()).add(n);
    }

    private Finding finding(String className, List<Finding.Neighbours> neighbours, long detectedNanos,
                            IntFunction<String> siteNames) {
        Map<String, Set<Integer>> writers = new TreeMap<>();
        Set<String> conflicts = new LinkedHashSet<>();
        Map<Integer, long[]> sites = new HashMap<>();
        record Written(Datum field, long sampled) {
        }
        List<Written> written = new ArrayList<>();
        long first = Long.MAX_VALUE;
        double rate = 0;
        for (Finding.Neighbours n : neighbours) {
            writers.computeIfAbsent(n.field(), k -> new TreeSet<>()).add(n.writer());
            String prefix = className + "::";
            if (n.other().startsWith(prefix)) {
                String other = n.other().substring(prefix.length());
                writers.computeIfAbsent(other, k -> new TreeSet<>()).add(n.otherWriter());
            } else {
                conflicts.add(n.other());
            }
            rate = Math.max(rate, n.ratePerSecond());
        }
        for (Map.Entry<Datum, FieldWrites> e : fields.entrySet()) {
            Datum d = e.getKey();
            FieldWrites f = e.getValue();
            Set<Integer> w = writers.get(d.member());
            if (d.className().equals(className) && w != null) {
                written.add(new Written(d, w.stream().mapToLong(f::writes).sum()));
                first = Math.min(first, f.firstNanos);
                f.sites.forEach((site, count) -> sites.computeIfAbsent(site, k -> new long[1])[0] += count[0]);
            }
        }
        written.sort(Comparator.comparingLong(Written::sampled).reversed()
                .thenComparing(w -> w.field().member()));
        long sampled = written.stream().mapToLong(Written::sampled).sum();
        Map<String, Set<Integer>> writerSets = new TreeMap<>();
        writers.forEach((field, threads) -> writerSets.put(field, Set.copyOf(threads)));
        return new Finding(SharingKind.LATENT_FALSE_SHARING, className, Datum.Kind.FIELD,
                written.stream().map(w -> w.field().member()).toList(), Math.round(sampled * scale), sampled, true,
                written.stream().map(w -> new Finding.Hit(w.field().hitLabel(), w.sampled())).toList(),
                List.copyOf(conflicts),
                ContentionTracker.hottest(sites, MAX_SITES, siteNames::apply), rate, first, detectedNanos,
                Collections.unmodifiableMap(writerSets), List.copyOf(neighbours));
    }

    /** The latched findings, in the order they were first predicted. */
    List<Finding> findings(IntFunction<String> siteNames) {
        List<Finding> out = new ArrayList<>();
        latched.forEach((cls, l) -> out.add(finding(cls, l.neighbours(), l.nanos(), siteNames)));
        return out;
    }

    /** The latest evidence on a class, and when it was first predicted. */
    private record Latched(List<Finding.Neighbours> neighbours, long nanos) {
    }

    /**
     * Whether two threads' writes, each {first, last} at {@link FieldWrites#FIRST} and {@link FieldWrites#LAST},
     * went on over a common time for at least half the shorter of their two spans: threads taking turns overlap by
     * a tick at most.
     */
    private static boolean atTheSameTime(long[] a, long[] b) {
        long common = Math.min(a[FieldWrites.LAST], b[FieldWrites.LAST])
                - Math.max(a[FieldWrites.FIRST], b[FieldWrites.FIRST]);
        return common >= 0 && 2 * common >= Math.min(a[FieldWrites.LAST] - a[FieldWrites.FIRST],
                b[FieldWrites.LAST] - b[FieldWrites.FIRST]);
    }

    /** Forgets what was counted for classes not predicted, so that the next window measures them afresh. */
    void forgetUnlatched() {
        fields.keySet().removeIf(d -> !latched.containsKey(d.className()));
        pairs.removeIf(p -> !fields.containsKey(p.a) || !fields.containsKey(p.b));
        objects.clear();
        lastField = null;
    }

    /** Two fields of one object written by different threads, in a fixed order so each pair is kept once. */
    private record Pair(Datum a, int writerA, Datum b, int writerB) {
        static Pair of(Datum a, int writerA, Datum b, int writerB) {
            return a.offset() <= b.offset() ? new Pair(a, writerA, b, writerB) : new Pair(b, writerB, a, writerA);
        }
    }

    /** An object written lately: where it is, and its fields written. */
    private record HotObject(AddressKey key, List<Slot> slots) {
        HotObject(AddressKey key) {
            this(key, new ArrayList<>(2));
        }
    }

    /** One field of one object: the one thread that writes it (or {@link #SHARED}) and its sampled writes. */
    private static final class Slot {
        final FieldWrites field;
        final HotObject object;
        int writer;
        long writes;

        Slot(FieldWrites field, int writer, HotObject object) {
            this.field = field;
            this.writer = writer;
            this.object = object;
        }
    }

    /** Sampled writes to one field, per thread, from hot objects that thread alone writes. */
    private final class FieldWrites {
        private static final int WRITES = 0;
        private static final int FIRST = 1;
        private static final int LAST = 2;
        /** Per thread: its writes, and the times of the first and last of them. */
        final Map<Integer, long[]> byThread = new HashMap<>();
        final Datum datum;
        final Map<Integer, long[]> sites = new HashMap<>();
        /** Per thread, the object where this field last became hot for it, or {@link #SEVERAL} in one epoch. */
        final Map<Integer, AddressKey> hotIn = new HashMap<>();
        int objectSize;
        /** The site of the last write and its count: a field is mostly written from one place. */
        private int lastSite = -1;
        private long[] lastSiteWrites;
        long firstNanos = Long.MAX_VALUE;
        long lastNanos = Long.MIN_VALUE;

        FieldWrites(Datum datum, int objectSize) {
            this.datum = datum;
            this.objectSize = objectSize;
        }

        void add(int thread, long writes, Access a) {
            long[] t = byThread.computeIfAbsent(thread, k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            t[WRITES] += writes;
            if (writes < 0) {
                return; // taken back: the object turned out to be written by several threads
            }
            t[FIRST] = Math.min(t[FIRST], a.time());
            t[LAST] = Math.max(t[LAST], a.time());
            firstNanos = Math.min(firstNanos, a.time());
            lastNanos = Math.max(lastNanos, a.time());
            long[] n = a.site() == lastSite ? lastSiteWrites : siteWrites(a.site());
            if (n != null) {
                n[0] += writes;
            }
        }

        /** The count of writes from {@code site}, or {@code null} for none or past the first sites. */
        private long[] siteWrites(int site) {
            long[] n = sites.get(site);
            if (n == null && site >= 0 && sites.size() < ContentionTracker.MAX_KEYS) {
                n = new long[1];
                sites.put(site, n);
            }
            lastSite = site;
            lastSiteWrites = n;
            return n;
        }

        void becameHot(int thread, HotObject object) {
            hotIn.merge(thread, object.key(), (before, now) -> before == SEVERAL
                    || (before.epoch == now.epoch && before.value != now.value) ? SEVERAL : now);
        }

        /**
         * Whether {@code thread}'s writes to this field and {@code otherThread}'s to {@code other} were seen in
         * different objects: objects of different epochs (a collection moved them) may be the same one.
         */
        boolean apart(int thread, FieldWrites other, int otherThread) {
            AddressKey mine = hotIn.get(thread);
            AddressKey theirs = other.hotIn.get(otherThread);
            return mine == SEVERAL || theirs == SEVERAL || (mine.epoch == theirs.epoch && mine.value != theirs.value);
        }

        long writes(int thread) {
            long[] n = byThread.get(thread);
            return n == null ? 0 : n[WRITES];
        }

        /** Whether {@code thread} wrote this field and {@code otherThread} wrote {@code other} at the same time. */
        boolean atTheSameTime(int thread, FieldWrites other, int otherThread) {
            return LatentSharing.atTheSameTime(byThread.get(thread), other.byThread.get(otherThread));
        }

        double rate(int thread) {
            return thresholds.rate(writes(thread), lastNanos - firstNanos, scale);
        }

        boolean hot(int thread) {
            return thresholds.exceeded(writes(thread), lastNanos - firstNanos, scale);
        }

        /** Threads whose writes reach the thresholds, most writes first. */
        List<Integer> hotWriters() {
            return byThread.keySet().stream().filter(this::hot)
                    .sorted(Comparator.comparingLong(this::writes).reversed().thenComparing(Comparator.naturalOrder()))
                    .toList();
        }
    }
}
