package io.jremix.core.cache;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What each detection window saw: when it opened, how long it stayed open, and what was found in it. A service
 * re-arming detection for hours reads its report while it runs, so the report says which windows still find a
 * contention and which no longer do. Findings are latched across windows ({@link ContentionTracker}); a window's
 * share of one is the difference of its sampled misses between the window's opening and closing.
 */
public final class WindowHistory {
    /**
     * Windows kept, the latest: a day at one window a minute stays below a megabyte of report, about one more if
     * every window names {@value #MAX_SHED_NAMES} shed classes (2-s windows shed none).
     */
    public static final int MAX_WINDOWS = 1000;
    /** Names of the classes a window stopped tracing kept per window, the first alphabetically; all are counted. */
    public static final int MAX_SHED_NAMES = 20;

    private final ArrayDeque<Window> windows = new ArrayDeque<>();
    private int opened;
    private Open current;

    /**
     * One closed window.
     *
     * @param number          1 for the first window of the run
     * @param openedEpochMillis wall-clock time it opened
     * @param openedNanos     {@link System#nanoTime()} when it opened
     * @param nanos           how long it stayed open
     * @param sampledAccesses accesses sampled while it was open
     * @param sampledMisses   coherence misses counted towards findings while it was open
     * @param findings        findings with sampled misses in it
     * @param costNanos       what it cost by the time the next window opened, or the program ended (JIT compilation
     *                        beyond the program's own, and jremix's threads); -1 while not known, and for the first
     *                        window, which opens with the program
     * @param shed            the classes it stopped tracing before it closed, for showing no contention
     */
    public record Window(int number, long openedEpochMillis, long openedNanos, long nanos, long sampledAccesses,
                         long sampledMisses, List<Seen> findings, long costNanos, Shed shed) {
    }

    /**
     * The classes a window stopped tracing: contention that began in one of them later in the window went unseen.
     *
     * @param classes how many
     * @param names   the first {@value #MAX_SHED_NAMES} of them alphabetically, binary names
     */
    public record Shed(int classes, List<String> names) {
        public static final Shed NONE = new Shed(0, List.of());

        static Shed of(Collection<String> classes) {
            return new Shed(classes.size(), classes.stream().sorted().limit(MAX_SHED_NAMES).toList());
        }
    }

    /**
     * A finding's share of one window.
     *
     * @param sampled  its sampled misses in the window
     * @param newFound whether it crossed the thresholds in this window (else it was found in an earlier one)
     */
    public record Seen(SharingKind kind, String className, Datum.Kind location, List<String> fields, long sampled,
                       boolean newFound) {
    }

    private record Key(SharingKind kind, String className, Datum.Kind location) {
        static Key of(Finding f) {
            return new Key(f.kind(), f.className(), f.location());
        }
    }

    private record Open(int number, long epochMillis, long nanos, long accesses, long misses, Map<Key, Long> sampled) {
    }

    /** A window opened: remembers the counts it starts from. */
    public synchronized void opened(long epochMillis, long nanos, long sampledAccesses, long sampledMisses,
                                    List<Finding> findings) {
        Map<Key, Long> sampled = new HashMap<>();
        for (Finding f : findings) {
            sampled.put(Key.of(f), f.sampled());
        }
        current = new Open(++opened, epochMillis, nanos, sampledAccesses, sampledMisses, sampled);
    }

    /**
     * The open window closed, with these counts, having stopped tracing {@code shed}; nothing when none is open.
     */
    public synchronized void closed(long nanos, long sampledAccesses, long sampledMisses, List<Finding> findings,
                                    Collection<String> shed) {
        Open o = current;
        if (o == null) {
            return;
        }
        current = null;
        List<Seen> seen = new ArrayList<>();
        for (Finding f : findings) {
            Long before = o.sampled().get(Key.of(f));
            long inWindow = f.sampled() - (before == null ? 0 : before);
            if (inWindow > 0) {
                seen.add(new Seen(f.kind(), f.className(), f.location(), f.fields(), inWindow, before == null));
            }
        }
        if (windows.size() == MAX_WINDOWS) {
            windows.removeFirst();
        }
        windows.addLast(new Window(o.number(), o.epochMillis(), o.nanos(), nanos - o.nanos(),
                sampledAccesses - o.accesses(), sampledMisses - o.misses(), List.copyOf(seen), -1, Shed.of(shed)));
    }

    /** The last window closed cost {@code nanos} in all: said as the next one opens, or at exit. */
    public synchronized void costed(long nanos) {
        Window w = windows.pollLast();
        if (w != null) {
            windows.addLast(new Window(w.number(), w.openedEpochMillis(), w.openedNanos(), w.nanos(),
                    w.sampledAccesses(), w.sampledMisses(), w.findings(), nanos, w.shed()));
        }
    }

    /**
     * When {@code f}'s misses were last seen, to the window: {@code nowNanos} if the window open now has some, else
     * the end of the latest kept window with some; its detection if none is kept.
     */
    public synchronized long lastSeenNanos(Finding f, long nowNanos) {
        Key key = Key.of(f);
        if (current != null && f.sampled() > current.sampled().getOrDefault(key, 0L)) {
            return nowNanos;
        }
        for (Iterator<Window> i = windows.descendingIterator(); i.hasNext(); ) {
            Window w = i.next();
            if (w.findings().stream().anyMatch(s -> key.equals(new Key(s.kind(), s.className(), s.location())))) {
                return w.openedNanos() + w.nanos();
            }
        }
        return f.detectedNanos();
    }

    /** The closed windows kept, oldest first. */
    public synchronized List<Window> windows() {
        return List.copyOf(windows);
    }
}
