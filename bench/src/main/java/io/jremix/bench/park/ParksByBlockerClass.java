package io.jremix.bench.park;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The parks one tool saw in one JVM, by the class of their blocker, and those without a blocker apart.
 *
 * @param byBlockerClass parks per blocker class name
 * @param withoutBlocker parks the tool saw without a blocker
 */
public record ParksByBlockerClass(SortedMap<String, Long> byBlockerClass, long withoutBlocker) {
    /** Where jremix files parks on blockers that found its record table full: counted, class unknown. */
    static final String UNTRACKED = "(record limit reached: class unknown)";
    /** The suffix async-profiler gives the frame that names the lock's class ({@code [i]}: an instance). */
    private static final String LOCK_FRAME_SUFFIX = "_[i]";

    public ParksByBlockerClass {
        byBlockerClass = new TreeMap<>(byBlockerClass);
    }

    public long withBlocker() {
        return byBlockerClass.values().stream().mapToLong(Long::longValue).sum();
    }

    public long total() {
        return withBlocker() + withoutBlocker;
    }

    /**
     * From a {@code -XXgetparkcontention:report=FILE} document: each blocker row's {@code timesParked} under its
     * {@code className}, {@code nullBlockerParks} as the parks without a blocker.
     */
    @SuppressWarnings("unchecked")
    static ParksByBlockerClass ofJremixReport(Object report) {
        Map<String, Object> doc = (Map<String, Object>) report;
        SortedMap<String, Long> byClass = new TreeMap<>();
        for (Map<String, Object> b : (List<Map<String, Object>>) doc.get("blockers")) {
            byClass.merge((String) b.get("className"), ((Number) b.get("timesParked")).longValue(), Long::sum);
        }
        long untracked = ((Number) doc.get("untrackedParks")).longValue();
        if (untracked > 0) {
            byClass.put(UNTRACKED, untracked);
        }
        return new ParksByBlockerClass(byClass, ((Number) doc.get("nullBlockerParks")).longValue());
    }

    /** From a JFR recording: its {@code jdk.ThreadPark} events by {@code parkedClass}, none for no blocker. */
    static ParksByBlockerClass ofJfr(Path recording) throws IOException {
        SortedMap<String, Long> byClass = new TreeMap<>();
        long without = 0;
        try (RecordingFile events = new RecordingFile(recording)) {
            while (events.hasMoreEvents()) {
                RecordedEvent e = events.readEvent();
                if (!e.getEventType().getName().equals("jdk.ThreadPark")) {
                    continue;
                }
                RecordedClass parked = e.getClass("parkedClass");
                if (parked == null) {
                    without++;
                } else {
                    byClass.merge(parked.getName(), 1L, Long::sum);
                }
            }
        }
        return new ParksByBlockerClass(byClass, without);
    }

    /**
     * From async-profiler's collapsed output of lock mode: {@code frame;frame;...;Lock_[i] count} lines, where the
     * last frame names the class of the contended lock (a {@code synchronized} monitor or a
     * {@code java.util.concurrent} lock) and the count is its events.
     */
    static ParksByBlockerClass ofAsyncProfilerLocks(Path collapsed) throws IOException {
        SortedMap<String, Long> byClass = new TreeMap<>();
        for (String line : Files.readAllLines(collapsed)) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            String top = line.substring(line.lastIndexOf(';', space) + 1, space);
            if (top.endsWith(LOCK_FRAME_SUFFIX)) {
                top = top.substring(0, top.length() - LOCK_FRAME_SUFFIX.length());
            }
            byClass.merge(top, Long.parseLong(line.substring(space + 1)), Long::sum);
        }
        return new ParksByBlockerClass(byClass, 0);
    }
}
