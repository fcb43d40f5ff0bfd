package io.jremix.agent.cache.collect;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.jremix.core.cache.Access;
import io.jremix.core.cache.AccessBatch;
import io.jremix.core.cache.AddressKey;
import io.jremix.core.cache.CacheLineSimulator;
import io.jremix.core.cache.CoherenceMiss;
import io.jremix.core.cache.ContentionTracker;
import io.jremix.core.cache.Datum;
import io.jremix.core.cache.ThreadNames;
import io.jremix.core.cache.TracedThread;
import io.jremix.probe.cache.CacheSite;
import io.jremix.probe.cache.CacheSites;
import io.jremix.probe.cache.CallerFrames;
import io.jremix.probe.cache.EventBuffer;
import io.jremix.probe.cache.EventMeta;
import io.jremix.agent.cache.instrument.SiteTable;

/**
 * Drains the probes' per-thread buffers, names each raw event (class, field or array element), orders the batch
 * by epoch and time, and replays it through the coherence model into the tracker. Field accesses also go to the
 * tracker directly, with their object's size, for the prediction of latent false sharing, and the traced threads'
 * CPU clocks are read for what contention costs them ({@link ThreadClocks}). It also notes the sites
 * that touched a line that missed repeatedly in the same batch, on either side of the contention, for
 * {@code QuietClasses}, and, since the window opened, those sites and how often and by which threads each site was
 * sampled ({@link WindowSites}), for {@code ShedClasses}.
 */
public final class TraceCollector implements EventBuffer.EventSink {
    private final CacheLineSimulator simulator;
    private final ContentionTracker tracker;
    private final FieldLayouts layouts;
    private final Consumer<CoherenceMiss> missListener;
    private final ThreadClocks clocks;
    private final AccessBatch batch = new AccessBatch();
    private final AddressKey lineProbe = new AddressKey();
    private final ThreadNames threadNames = new ThreadNames();
    private final SiteCallers callers = new SiteCallers();
    private final int lineShift;
    /**
     * Per site that touched a contended line since the window opened, the classes of the data it touched there: a
     * window's close takes the sites.
     */
    private final Map<Integer, Set<String>> contendedData = new HashMap<>();
    private int[] windowSamples = new int[1024];
    /** Per site, since the window opened: which threads sampled it, as {@link WindowSites#withThread} keeps them. */
    private int[] windowThreads = new int[1024];
    /** Which threads sampled anything since the window opened, as {@link WindowSites#withThread} keeps them. */
    private int threadsInWindow = WindowSites.NO_THREAD;
    private long sampledAccesses;
    private long unattributed;
    private int maxEpoch;

    /** @param missListener told of every sampled miss (for {@code -XX:+REMIXHitVerbose}), or {@code null} */
    public TraceCollector(CacheLineSimulator simulator, ContentionTracker tracker, ThreadClocks clocks,
                          FieldLayouts layouts, Consumer<CoherenceMiss> missListener) {
        this.simulator = simulator;
        this.tracker = tracker;
        this.clocks = clocks;
        this.layouts = layouts;
        this.missListener = missListener;
        this.lineShift = Integer.numberOfTrailingZeros(simulator.lineSize());
    }

    /**
     * Replays what the probes recorded since the last call and applies the thresholds.
     *
     * @return how many classes crossed the thresholds in this call
     */
    public synchronized int collect(long nowNanos) {
        List<EventBuffer> buffers = EventBuffer.all();
        for (EventBuffer b : buffers) {
            threadNames.add(b.threadIndex(), new TracedThread(b.threadId(), b.threadName()));
            b.drain(this);
        }
        if (clocks.due(nowNanos)) {
            for (EventBuffer b : buffers) {
                clocks.read(b.threadIndex(), b.thread(), nowNanos);
            }
        }
        EventBuffer.retireDead();
        batch.sort();
        Set<AddressKey> contendedLines = new HashSet<>();
        for (int i = 0; i < batch.size(); i++) {
            Access a = batch.get(i);
            CoherenceMiss miss = simulator.access(a);
            if (miss != null) {
                tracker.record(miss);
                // contention: a one-time hand-off of data does not keep a class probed
                if (miss.repeated() && !contendedLines.contains(line(a, lineProbe))) {
                    contendedLines.add(line(a, new AddressKey()));
                }
                if (missListener != null) {
                    missListener.accept(miss);
                }
            }
        }
        if (!contendedLines.isEmpty()) {
            noteContendedSites(contendedLines);
        }
        sampledAccesses += batch.size();
        batch.clear();
        return tracker.evaluate(nowNanos);
    }

    private void noteContendedSites(Set<AddressKey> contendedLines) {
        for (int i = 0; i < batch.size(); i++) {
            Access a = batch.get(i);
            if (a.site() >= 0 && contendedLines.contains(line(a, lineProbe))) {
                contendedData.computeIfAbsent(a.site(), k -> new HashSet<>(2)).add(a.datum().className());
            }
        }
    }

    /**
     * The cache line of {@code a} in its GC epoch (after a collection the same address can hold another object), in
     * {@code key}: the one {@link #lineProbe} for lookups, a new key to keep.
     */
    private AddressKey line(Access a, AddressKey key) {
        return key.at(a.epoch(), a.address() >>> lineShift);
    }

    /**
     * A detection window opens at {@code nowNanos}: the coherence model forgets the last window's lines, and what is
     * drained late from it ({@link EventBuffer#releaseAll} could not take back a buffer in use) is not replayed.
     */
    public synchronized void startWindow(long nowNanos) {
        simulator.startAfresh(nowNanos);
        contendedData.clear();
        Arrays.fill(windowSamples, 0);
        Arrays.fill(windowThreads, WindowSites.NO_THREAD);
        threadsInWindow = WindowSites.NO_THREAD;
    }

    /** Whether two threads or more have been sampled since the window opened: only then can a line be shared. */
    public synchronized boolean severalThreadsInWindow() {
        return threadsInWindow == WindowSites.THREADS;
    }

    /**
     * The sites sampled since the window opened, with their samples and the threads that made them, and those that
     * touched a contended line, with the classes of the data they touched there.
     */
    public synchronized WindowSites windowSites() {
        Map<Integer, Set<String>> contended = new HashMap<>();
        contendedData.forEach((site, data) -> contended.put(site, Set.copyOf(data)));
        return new WindowSites(windowSamples.clone(), windowThreads.clone(), contended);
    }

    /** The ids of the sites that touched a line that missed repeatedly in the same batch, since the window opened. */
    public synchronized BitSet takeContendedSites() {
        BitSet taken = new BitSet();
        contendedData.keySet().forEach(taken::set);
        contendedData.clear();
        return taken;
    }

    @Override
    public void accept(int thread, long time, long address, int offset, int meta, Object type, int site, int epoch,
                       int caller) {
        Datum d = name(type, offset, meta, site);
        if (d == null) {
            unattributed++;
            return;
        }
        if (caller >= 0) {
            callers.called(SiteTable.where(site), d.className(), CallerFrames.frame(caller));
        }
        maxEpoch = Math.max(maxEpoch, epoch);
        threadsInWindow = WindowSites.withThread(threadsInWindow, thread);
        if (site >= 0) {
            if (site >= windowSamples.length) {
                windowSamples = Arrays.copyOf(windowSamples, Math.max(site + 1, 2 * windowSamples.length));
                windowThreads = Arrays.copyOf(windowThreads, windowSamples.length);
            }
            windowSamples[site]++;
            windowThreads[site] = WindowSites.withThread(windowThreads[site], thread);
        }
        Access a = batch.add(time, thread, epoch, address + d.offset(), EventMeta.write(meta), d, site);
        if (d.kind() == Datum.Kind.FIELD) {
            tracker.accessed(a, layouts.instanceSize((Class<?>) type));
        }
    }

    private Datum name(Object type, int offset, int meta, int siteId) {
        if (!(type instanceof Class<?> c)) {
            return null;
        }
        try {
            return switch (EventMeta.location(meta)) {
                case EventMeta.STATIC -> layouts.staticAt(c, offset, EventMeta.size(meta));
                case EventMeta.ELEMENT -> layouts.element(c, offset);
                default -> {
                    if (offset != EventMeta.OFFSET_FROM_SITE) {
                        yield layouts.instanceAt(c, offset, EventMeta.size(meta));
                    }
                    CacheSite s = CacheSites.get(siteId);
                    yield s == null ? null : layouts.instanceField(c, s.owner(), s.name());
                }
            };
        } catch (RuntimeException | LinkageError e) {
            return null; // a class whose fields cannot be listed stays unnamed
        }
    }

    /** The frames outside the JDK seen calling the JDK's sites, by the class of the data accessed. */
    public SiteCallers callers() {
        return callers;
    }

    /** The threads drained so far, by their index in the trace. */
    public ThreadNames threadNames() {
        return threadNames;
    }

    public synchronized long sampledAccesses() {
        return sampledAccesses;
    }

    public synchronized long unattributed() {
        return unattributed;
    }

    /** Garbage collections seen while tracing: each began a new address epoch. */
    public synchronized int gcEpochs() {
        return maxEpoch;
    }
}
