package io.jremix.core.cache;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * The traced threads by their index in the trace (which the analysis and the findings hold), for the reports: the
 * collector adds each thread as it drains its buffer. The most recent {@value #MAX_THREADS} are kept, so a thread
 * per task does not grow the map; an older one reads as {@link TracedThread#unknown}.
 */
public final class ThreadNames {
    static final int MAX_THREADS = 4096;

    private final Map<Integer, TracedThread> threads = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, TracedThread> eldest) {
            return size() > MAX_THREADS;
        }
    };

    /** Thread {@code index} of the trace is {@code thread}; the first name given for an index stays. */
    public synchronized void add(int index, TracedThread thread) {
        threads.putIfAbsent(index, thread);
    }

    public synchronized TracedThread of(int index) {
        return threads.getOrDefault(index, TracedThread.unknown(index));
    }

    /** The threads that {@code findings} name (writers, and the threads of predicted pairs), by index. */
    public Map<Integer, TracedThread> of(Collection<Finding> findings) {
        Map<Integer, TracedThread> named = new TreeMap<>();
        IntConsumer name = i -> named.computeIfAbsent(i, this::of);
        for (Finding f : findings) {
            f.writers().values().forEach(threads -> threads.forEach(name::accept));
            for (Finding.Neighbours n : f.neighbours()) {
                name.accept(n.writer());
                name.accept(n.otherWriter());
            }
        }
        return named;
    }
}
