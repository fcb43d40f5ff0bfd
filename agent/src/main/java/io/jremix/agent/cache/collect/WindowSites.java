package io.jremix.agent.cache.collect;

import java.util.Map;
import java.util.Set;

/**
 * What a window traced per site, by site id: samples, the threads that made them ({@link #NO_THREAD}, one thread's
 * index + 1, or {@link #THREADS}), and the sites that touched a contended line, with the classes of the data they
 * touched there. The collector counts it; {@code ShedClasses} judges classes by it.
 */
public record WindowSites(int[] samples, int[] threads, Map<Integer, Set<String>> contended) {
    /** A site's threads before its first sample. */
    public static final int NO_THREAD = 0;
    /** A site's threads once two or more sampled it. */
    public static final int THREADS = -1;

    /** The threads of a site that were {@code seen}, once {@code thread} sampled it too. */
    public static int withThread(int seen, int thread) {
        return together(seen, thread + 1);
    }

    /** The threads of a site or class sampled by threads {@code a} and by threads {@code b}. */
    public static int together(int a, int b) {
        return a == NO_THREAD ? b : b == NO_THREAD ? a : a == b ? a : THREADS;
    }
}
