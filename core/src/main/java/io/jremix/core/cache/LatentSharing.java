package io.jremix.core.cache;

import java.util.ArrayList;
import java.util.Arrays;
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
 * so sampled accesses are also accounted per field and thread, regardless of lines, and two fields that different
 * threads access, one of them writing, are reported when some placement puts them on one line:
 * <ul>
 *     <li>two fields of one object, one written by its own thread and the other written, or only read, by another
 *     thread, whose bytes span at most a line;</li>
 *     <li>one field of two instances, each written by its own thread, when two instances fit in a line: the
 *     instance size plus the field's size is at most a line, so neighbouring instances can share one;</li>
 *     <li>two fields of a class written by different threads in different objects, when the end of one instance
 *     and the start of the next bring them within a line (a field near an object's end, the other near its
 *     start), whatever the instance size.</li>
 * </ul>
 * A field of one object written by several threads is true sharing, which padding cannot help; it is left out, and so
 * is a field read by one thread and written by the other's, or by another thread. Only long-lived hot objects count:
 * a field of an object takes part once it has {@value #HOT_ACCESSES} sampled writes (or, for a reader, reads) by one
 * thread, so objects written briefly by whichever thread uses them (tasks, messages) do not add up; and reads count
 * only in objects some thread writes. The two threads must also access at the same time: two threads that write in
 * turn (one round of a program, then the next, in a thread each) would not contend wherever their objects lay. What
 * a pair would cost is {@link Thresholds#predictedShare}: the misses its two streams of accesses would make if their
 * threads ran at once, each at its rate over the time it was on a core ({@link ThreadTimes}), so that a prediction
 * made on a loaded machine, where the threads take turns, costs what it would on a quiet one.
 */
final class LatentSharing {
    /** Sampled writes (or reads) by one thread to one field of one object before that object counts as hot. */
    static final int HOT_ACCESSES = 4;
    /** Objects whose accesses are followed, the most recently written: bounds memory on allocation-heavy programs. */
    static final int MAX_OBJECTS = 1 << 14;
    /** Fields whose accesses are counted: bounds memory on programs with many classes. */
    static final int MAX_FIELDS = 4096;
    /** Threads whose reads of one field of one object are counted. */
    static final int MAX_READERS = 4;
    /** A slot's writer once two threads wrote it. */
    private static final int SHARED = -1;
    /** A slot's writer while it is only read. */
    private static final int NO_WRITER = -2;
    /** Writes by one thread to one field became hot in two objects of one epoch. */
    private static final AddressKey SEVERAL = new AddressKey();
    private static final int MAX_SITES = 5;

    private final int lineSize;
    private final Thresholds thresholds;
    private final ThreadTimes times;
    /** Real accesses each sampled one stands for ({@link ContentionTracker#scale}). */
    private double scale;
    private final Map<Datum, FieldAccesses> fields = new HashMap<>();
    private final Set<Pair> pairs = new LinkedHashSet<>();
    /** The accessed fields of the objects written last, least recent first; looked up through {@link #probe}. */
    private final Map<AddressKey, HotObject> objects = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<AddressKey, HotObject> eldest) {
            return size() > MAX_OBJECTS;
        }
    };
    private final AddressKey probe = new AddressKey();
    /** The field of the last access: a hot loop accesses the same fields over and over. */
    private FieldAccesses lastField;
    /** The evidence of each class predicted, in the order they were: once predicted, a class stays reported. */
    private final Map<String, Latched> latched = new LinkedHashMap<>();

    LatentSharing(int lineSize, Thresholds thresholds, ThreadTimes times) {
        this.lineSize = lineSize;
        this.thresholds = thresholds;
        this.times = times;
    }

    void scale(double accessesPerSampled) {
        scale = accessesPerSampled;
    }

    /**
     * Accounts one sampled access; only accesses to named instance fields count, and reads only in objects written.
     *
     * @param objectSize bytes the accessed object takes, header and alignment included
     */
    void accessed(Access a, int objectSize) {
        Datum d = a.datum();
        if (d.kind() != Datum.Kind.FIELD || d.member() == null || d.member().startsWith("@")
                || d.member().equals(Datum.HEADER)) {
            return;
        }
        HotObject object = object(a.epoch(), a.address() - d.offset(), a.write());
        FieldAccesses f = object == null ? null : field(d, objectSize);
        if (f == null) {
            return;
        }
        Slot s = slot(object, f);
        if (a.write()) {
            wrote(s, a);
        } else {
            read(s, a);
        }
    }

    private void wrote(Slot s, Access a) {
        FieldAccesses f = s.field;
        if (s.writer == SHARED) {
            return;
        }
        if (s.writer == NO_WRITER) {
            s.writer = a.thread();
        } else if (s.writer != a.thread()) { // two threads write this very field: true sharing, not a placement accident
            if (s.writes >= HOT_ACCESSES) {
                f.wrote(s.writer, -s.writes, a);
            }
            s.writer = SHARED;
            return;
        }
        s.writes++;
        if (s.writes == HOT_ACCESSES) {
            f.wrote(s.writer, HOT_ACCESSES, a);
            f.becameHot(s.writer, s.object);
            pairWithNeighbours(s);
        } else if (s.writes > HOT_ACCESSES) {
            f.wrote(s.writer, 1, a);
        }
    }

    private void read(Slot s, Access a) {
        long reads = s.read(a.thread());
        if (reads == HOT_ACCESSES) {
            s.field.read(a.thread(), HOT_ACCESSES, a);
            pairWithWriters(s, a.thread());
        } else if (reads > HOT_ACCESSES) {
            s.field.read(a.thread(), 1, a);
        }
    }

    /** The counts of field {@code d}, or {@code null} once {@link #MAX_FIELDS} other fields are counted. */
    private FieldAccesses field(Datum d, int objectSize) {
        FieldAccesses f = lastField;
        if (f == null || (f.datum != d && !f.datum.equals(d))) {
            f = fields.get(d);
            if (f == null) {
                if (fields.size() >= MAX_FIELDS) {
                    return null;
                }
                f = new FieldAccesses(d, objectSize);
                fields.put(d, f);
            }
            lastField = f;
        }
        f.objectSize = Math.min(f.objectSize, objectSize);
        return f;
    }

    /** The object at {@code base}, made for a write if it is new; {@code null} for a read of an object not written. */
    private HotObject object(int epoch, long base, boolean write) {
        HotObject object = objects.get(probe.at(epoch, base));
        if (object == null && write) {
            AddressKey key = new AddressKey().at(epoch, base);
            object = new HotObject(key);
            objects.put(key, object);
        }
        return object;
    }

    /** Field {@code f} of {@code object}: allocates only for a field not seen in it before. */
    private static Slot slot(HotObject object, FieldAccesses f) {
        for (int i = 0; i < object.slots.size(); i++) { // indexed: an iterator would be allocated for every access
            if (object.slots.get(i).field == f) {
                return object.slots.get(i);
            }
        }
        Slot s = new Slot(f, object);
        object.slots.add(s);
        return s;
    }

    /**
     * Pairs a field whose writes just became hot with the fields of the same object nearby that other threads write,
     * or only read.
     */
    private void pairWithNeighbours(Slot s) {
        Datum d = s.field.datum;
        for (Slot o : s.object.slots) {
            Datum other = o.field.datum;
            if (o == s || span(d, other) > lineSize || pairs.size() >= ContentionTracker.MAX_KEYS) {
                continue;
            }
            if (o.writer >= 0 && o.writer != s.writer && o.writes >= HOT_ACCESSES) {
                pairs.add(Pair.written(d, s.writer, other, o.writer));
            } else if (!o.hotWritten()) {
                for (int i = 0; i < o.readerCount(); i++) {
                    if (o.readers[i] != s.writer && o.reads[i] >= HOT_ACCESSES) {
                        pairs.add(new Pair(d, s.writer, other, o.readers[i], true));
                    }
                }
            }
        }
    }

    /** Pairs a field that {@code reader} just read often enough, and no thread writes, with hot written neighbours. */
    private void pairWithWriters(Slot s, int reader) {
        if (s.hotWritten()) {
            return;
        }
        Datum d = s.field.datum;
        for (Slot w : s.object.slots) {
            if (w.writer >= 0 && w.writer != reader && w.writes >= HOT_ACCESSES && span(d, w.field.datum) <= lineSize
                    && pairs.size() < ContentionTracker.MAX_KEYS) {
                pairs.add(new Pair(w.field.datum, w.writer, d, reader, true));
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
        // the program's classes first: where a pair's fields are declared in a JDK class and in a subclass, the
        // program's class is what a person reads first and what repair should pad
        Map<String, List<Finding.Neighbours>> byClass = new TreeMap<>(
                Comparator.comparing(LatentSharing::jdkClass).thenComparing(Comparator.naturalOrder()));
        neighbouringInstances(byClass);
        for (Pair p : pairs) {
            FieldAccesses fa = fields.get(p.a);
            FieldAccesses fb = fields.get(p.b);
            Tally ta = fa.writes;
            Tally tb = p.bReads ? fb.reads : fb.writes;
            if (!hot(fa, ta, p.threadA) || !hot(fb, tb, p.threadB) || !atTheSameTime(ta, p.threadA, tb, p.threadB)
                    || (p.bReads && writtenBy(fb, p.threadA, p.threadB))) {
                continue;
            }
            Finding.Neighbours n = predicted(p.a, fa, p.threadA, p.b, fb, tb, p.threadB, true, span(p.a, p.b));
            if (n != null) {
                add(byClass, p.a, n);
                if (!p.b.className().equals(p.a.className())) { // declared in a superclass: its finding too
                    add(byClass, p.b, new Finding.Neighbours(p.b.member(), p.threadB, p.a.qualifiedName(), p.threadA,
                            true, n.span(), n.ratePerSecond(), p.bReads ? Finding.Reads.FIELD : Finding.Reads.NONE,
                            n.costShare()));
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
     * Field {@code a} written by thread {@code ta} beside field {@code b} accessed by thread {@code tb} (in {@code
     * tallyB}, its writes or its reads), as the pair the finding names, or {@code null} if it costs too little.
     */
    private Finding.Neighbours predicted(Datum a, FieldAccesses fa, int ta, Datum b, FieldAccesses fb, Tally tallyB,
                                         int tb, boolean sameObject, int span) {
        double rateA = fa.rate(fa.writes, ta);
        double rateB = fb.rate(tallyB, tb);
        boolean bReads = tallyB == fb.reads;
        double share = Thresholds.predictedShare(rateA / times.onCore(ta), rateB / times.onCore(tb), !bReads);
        if (!thresholds.predicts(rateA, rateB, share)) {
            return null;
        }
        return new Finding.Neighbours(a.member(), ta, b.qualifiedName(), tb, sameObject, span,
                Math.min(rateA, rateB), bReads ? Finding.Reads.OTHER : Finding.Reads.NONE, share);
    }

    /**
     * Whether either thread writes a field read in a pair: the writer's thread (its reader then misses on what was
     * written, true sharing), or the reader's (a pair of two written fields).
     */
    private static boolean writtenBy(FieldAccesses f, int writer, int reader) {
        return f.writes.count(writer) > 0 || f.writes.count(reader) > 0;
    }

    /** Whether a class is named as the JDK's own are ({@code java.*}, {@code javax.*}, {@code jdk.*}, {@code sun.*}). */
    static boolean jdkClass(String className) {
        return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
                || className.startsWith("sun.");
    }

    /** Whether {@code thread}'s accesses in {@code tally} of field {@code f} could take part in a prediction. */
    private boolean hot(FieldAccesses f, Tally tally, int thread) {
        return thresholds.couldPredict(tally.count(thread), f.lastNanos - f.firstNanos, scale, times.onCore(thread));
    }

    /**
     * Fields of neighbouring instances of one class, each written by its own thread: the same field of two instances,
     * or two fields, when the end of one instance and the start of the next bring them within a line.
     */
    private void neighbouringInstances(Map<String, List<Finding.Neighbours>> byClass) {
        Map<Datum, List<Integer>> hot = new HashMap<>();
        Map<String, List<Datum>> byDeclaringClass = new TreeMap<>();
        fields.forEach((d, f) -> {
            List<Integer> writers = hotWriters(f);
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
                    FieldAccesses fa = fields.get(a);
                    FieldAccesses fb = fields.get(b);
                    // b's instance first, then a's: from b's first byte to a's last (the same field: one instance)
                    int span = Math.min(fa.objectSize, fb.objectSize) + a.offset() + a.size() - b.offset();
                    int[] writers = span <= lineSize ? writersApart(fa, hot.get(a), fb, hot.get(b)) : null;
                    Finding.Neighbours n = writers == null ? null
                            : predicted(a, fa, writers[0], b, fb, fb.writes, writers[1], false, span);
                    if (n != null) {
                        add(byClass, a, n);
                    }
                }
            }
        });
    }

    /** Threads whose writes of {@code f} could take part in a prediction, most writes first. */
    private List<Integer> hotWriters(FieldAccesses f) {
        return f.writes.byThread.keySet().stream().filter(t -> hot(f, f.writes, t))
                .sorted(Comparator.comparingLong(f.writes::count).reversed().thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    /**
     * The hottest writers of {@code a} and of {@code b}, different threads in different objects, or {@code null}:
     * two fields written in one object are that object's pair, not neighbouring instances.
     */
    private static int[] writersApart(FieldAccesses a, List<Integer> hotA, FieldAccesses b, List<Integer> hotB) {
        for (int ta : hotA) {
            for (int tb : hotB) {
                if (ta != tb && (a == b || a.apart(ta, b, tb)) && atTheSameTime(a.writes, ta, b.writes, tb)) {
                    return new int[] {ta, tb};
                }
            }
        }
        return null;
    }

    private void add(Map<String, List<Finding.Neighbours>> byClass, Datum d, Finding.Neighbours n) {
        byClass.computeIfAbsent(d.className(), c -> new ArrayList<>()).add(n);
    }

    /**
     * The finding on {@code className} from its pairs: the fields written, hottest first, then those only read; the
     * sampled writes of the written ones; the higher rate and cost share of its pairs.
     */
    private Finding finding(String className, List<Finding.Neighbours> neighbours, long detectedNanos,
                            IntFunction<String> siteNames) {
        Map<String, Set<Integer>> writers = new TreeMap<>();
        Set<String> readOnly = new TreeSet<>();
        Set<String> conflicts = new LinkedHashSet<>();
        Map<Integer, long[]> sites = new HashMap<>();
        record Written(Datum field, long sampled) {
        }
        List<Written> written = new ArrayList<>();
        long first = Long.MAX_VALUE;
        double rate = 0;
        double share = 0;
        for (Finding.Neighbours n : neighbours) {
            if (n.reads() == Finding.Reads.FIELD) {
                readOnly.add(n.field());
            } else {
                writers.computeIfAbsent(n.field(), k -> new TreeSet<>()).add(n.writer());
            }
            String prefix = className + "::";
            if (!n.other().startsWith(prefix)) {
                conflicts.add(n.other());
            } else if (n.reads() == Finding.Reads.OTHER) {
                readOnly.add(n.other().substring(prefix.length()));
            } else {
                writers.computeIfAbsent(n.other().substring(prefix.length()), k -> new TreeSet<>()).add(n.otherWriter());
            }
            rate = Math.max(rate, n.ratePerSecond());
            share = Math.max(share, n.costShare());
        }
        readOnly.removeAll(writers.keySet());
        for (Map.Entry<Datum, FieldAccesses> e : fields.entrySet()) {
            Datum d = e.getKey();
            FieldAccesses f = e.getValue();
            Set<Integer> w = writers.get(d.member());
            if (!d.className().equals(className)) {
                continue;
            }
            if (w != null) {
                written.add(new Written(d, w.stream().mapToLong(f.writes::count).sum()));
                f.sites.forEach((site, count) -> sites.computeIfAbsent(site, k -> new long[1])[0] += count[0]);
            }
            if (w != null || readOnly.contains(d.member())) { // a class whose fields are only read has a first read
                first = Math.min(first, f.firstNanos);
            }
        }
        written.sort(Comparator.comparingLong(Written::sampled).reversed()
                .thenComparing(w -> w.field().member()));
        long sampled = written.stream().mapToLong(Written::sampled).sum();
        List<String> named = new ArrayList<>(written.stream().map(w -> w.field().member()).toList());
        named.addAll(readOnly);
        Map<String, Set<Integer>> writerSets = new TreeMap<>();
        writers.forEach((field, threads) -> writerSets.put(field, Set.copyOf(threads)));
        return new Finding(SharingKind.LATENT_FALSE_SHARING, className, Datum.Kind.FIELD, List.copyOf(named),
                Math.round(sampled * scale), sampled, true,
                written.stream().map(w -> new Finding.Hit(w.field().hitLabel(), w.sampled())).toList(),
                List.copyOf(conflicts),
                ContentionTracker.hottest(sites, MAX_SITES, siteNames::apply), rate, first, detectedNanos,
                Collections.unmodifiableMap(writerSets), List.copyOf(neighbours), share);
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
     * Whether thread {@code ta}'s accesses in {@code a} and thread {@code tb}'s in {@code b} went on over a common
     * time for at least half the shorter of their two spans: threads taking turns overlap by a tick at most.
     */
    private static boolean atTheSameTime(Tally a, int ta, Tally b, int tb) {
        long[] x = a.of(ta);
        long[] y = b.of(tb);
        long common = Math.min(x[Tally.LAST], y[Tally.LAST]) - Math.max(x[Tally.FIRST], y[Tally.FIRST]);
        return common >= 0 && 2 * common >= Math.min(x[Tally.LAST] - x[Tally.FIRST], y[Tally.LAST] - y[Tally.FIRST]);
    }

    /** Forgets what was counted for classes not predicted, so that the next window measures them afresh. */
    void forgetUnlatched() {
        fields.keySet().removeIf(d -> !latched.containsKey(d.className()));
        pairs.removeIf(p -> !fields.containsKey(p.a) || !fields.containsKey(p.b));
        objects.clear();
        lastField = null;
    }

    /**
     * Two fields of one object, {@code a} written by one thread and {@code b} by another, or only read by it when
     * {@code bReads}.
     */
    private record Pair(Datum a, int threadA, Datum b, int threadB, boolean bReads) {
        /** Two written fields, in a fixed order so each pair is kept once. */
        static Pair written(Datum a, int writerA, Datum b, int writerB) {
            return a.offset() <= b.offset() ? new Pair(a, writerA, b, writerB, false)
                    : new Pair(b, writerB, a, writerA, false);
        }
    }

    /** An object written lately: where it is, and its fields accessed. */
    private record HotObject(AddressKey key, List<Slot> slots) {
        HotObject(AddressKey key) {
            this(key, new ArrayList<>(2));
        }
    }

    /**
     * One field of one object: the one thread that writes it ({@link #NO_WRITER} before any, {@link #SHARED} after
     * two) and its sampled writes, and the first threads that read it with their sampled reads.
     */
    private static final class Slot {
        final FieldAccesses field;
        final HotObject object;
        int writer = NO_WRITER;
        long writes;
        /** Up to {@link #MAX_READERS} threads and their reads, {@code null} until the field is read here. */
        int[] readers;
        long[] reads;

        Slot(FieldAccesses field, HotObject object) {
            this.field = field;
            this.object = object;
        }

        /** Whether a thread writes it often, or two threads write it: its readers share what is written. */
        boolean hotWritten() {
            return writer == SHARED || writes >= HOT_ACCESSES;
        }

        /** Counts a read by {@code thread}: its reads here so far, or 0 past the first {@link #MAX_READERS}. */
        long read(int thread) {
            if (readers == null) {
                readers = new int[MAX_READERS];
                reads = new long[MAX_READERS];
                Arrays.fill(readers, NO_WRITER);
            }
            for (int i = 0; i < MAX_READERS; i++) {
                if (readers[i] == NO_WRITER) {
                    readers[i] = thread;
                }
                if (readers[i] == thread) {
                    return ++reads[i];
                }
            }
            return 0;
        }

        int readerCount() {
            int n = 0;
            while (readers != null && n < MAX_READERS && readers[n] != NO_WRITER) {
                n++;
            }
            return n;
        }
    }

    /** Sampled accesses of one kind to one field, per thread: how many, and the times of the first and the last. */
    private static final class Tally {
        static final int COUNT = 0;
        static final int FIRST = 1;
        static final int LAST = 2;
        final Map<Integer, long[]> byThread = new HashMap<>();

        /** Adds {@code n} at {@code time}; a negative {@code n} takes accesses back, keeping the times. */
        void add(int thread, long n, long time) {
            long[] t = byThread.computeIfAbsent(thread, k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            t[COUNT] += n;
            if (n >= 0) {
                t[FIRST] = Math.min(t[FIRST], time);
                t[LAST] = Math.max(t[LAST], time);
            }
        }

        long count(int thread) {
            long[] t = byThread.get(thread);
            return t == null ? 0 : t[COUNT];
        }

        long[] of(int thread) {
            return byThread.get(thread);
        }
    }

    /** Sampled writes and reads of one field, per thread, from hot objects: each thread's alone, for writes. */
    private final class FieldAccesses {
        final Datum datum;
        final Tally writes = new Tally();
        final Tally reads = new Tally();
        final Map<Integer, long[]> sites = new HashMap<>();
        /** Per thread, the object where this field last became hot for it, or {@link #SEVERAL} in one epoch. */
        final Map<Integer, AddressKey> hotIn = new HashMap<>();
        int objectSize;
        /** The site of the last write and its count: a field is mostly written from one place. */
        private int lastSite = -1;
        private long[] lastSiteWrites;
        long firstNanos = Long.MAX_VALUE;
        long lastNanos = Long.MIN_VALUE;

        FieldAccesses(Datum datum, int objectSize) {
            this.datum = datum;
            this.objectSize = objectSize;
        }

        void wrote(int thread, long n, Access a) {
            writes.add(thread, n, a.time());
            if (n < 0) {
                return; // taken back: the object turned out to be written by several threads
            }
            seen(a.time());
            long[] count = a.site() == lastSite ? lastSiteWrites : siteWrites(a.site());
            if (count != null) {
                count[0] += n;
            }
        }

        void read(int thread, long n, Access a) {
            reads.add(thread, n, a.time());
            seen(a.time());
        }

        private void seen(long time) {
            firstNanos = Math.min(firstNanos, time);
            lastNanos = Math.max(lastNanos, time);
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
        boolean apart(int thread, FieldAccesses other, int otherThread) {
            AddressKey mine = hotIn.get(thread);
            AddressKey theirs = other.hotIn.get(otherThread);
            return mine == SEVERAL || theirs == SEVERAL || (mine.epoch == theirs.epoch && mine.value != theirs.value);
        }

        /** Estimated accesses per second of {@code thread} in {@code tally}, over the span this field was accessed. */
        double rate(Tally tally, int thread) {
            return thresholds.rate(tally.count(thread), lastNanos - firstNanos, scale);
        }
    }
}
