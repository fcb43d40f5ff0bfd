package io.jremix.agent.cache.collect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jremix.core.cache.Finding;

/**
 * The frames outside the JDK that called the JDK's probed code (an atomic field updater's method, a site that only
 * names the JDK's frame), per site and class of the data accessed, as the probes sampled them
 * ({@code io.jremix.probe.cache.CallerFrames}). A finding then names its program's code first:
 * {@code app.Counters.add(Counters.java:12) via java.util.concurrent.atomic.AtomicLongFieldUpdater$CASUpdater.getAndAdd(...)}.
 */
public final class SiteCallers {
    /** Callers kept per site and class: a site shared by many call paths names the hottest of the first few. */
    static final int MAX_CALLERS = 16;
    /** Sites and classes kept: bounds memory on long runs; the data of later classes keep the JDK's frames alone. */
    static final int MAX_KEYS = 4096;

    private final Map<Key, Map<String, long[]>> counts = new HashMap<>();

    private record Key(String site, String className) {
    }

    /** {@code frame} called the JDK's code at {@code site}, which accessed data of {@code className}. */
    synchronized void called(String site, String className, String frame) {
        if (frame == null) {
            return;
        }
        Key key = new Key(site, className);
        Map<String, long[]> frames = counts.get(key);
        if (frames == null) {
            if (counts.size() >= MAX_KEYS) {
                return;
            }
            frames = new HashMap<>(4);
            counts.put(key, frames);
        }
        long[] n = frames.get(frame);
        if (n == null && frames.size() < MAX_CALLERS) {
            frames.put(frame, n = new long[1]);
        }
        if (n != null) {
            n[0]++;
        }
    }

    /** The findings, each site of the JDK's code that a sampled caller is known for led by that caller's frame. */
    public synchronized List<Finding> named(List<Finding> findings) {
        return findings.stream().map(f -> f.withSites(f.sites().stream().map(s -> named(s, f.className())).toList()))
                .toList();
    }

    private String named(String site, String className) {
        Map<String, long[]> frames = counts.get(new Key(site, className));
        if (frames == null || frames.isEmpty()) {
            return site;
        }
        String hottest = null;
        long most = -1;
        for (Map.Entry<String, long[]> e : frames.entrySet()) {
            if (e.getValue()[0] > most || (e.getValue()[0] == most && e.getKey().compareTo(hottest) < 0)) {
                hottest = e.getKey();
                most = e.getValue()[0];
            }
        }
        return hottest + " via " + site;
    }
}
