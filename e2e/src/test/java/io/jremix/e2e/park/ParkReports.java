package io.jremix.e2e.park;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads the park reports: blockers from the JSON, rows from the table on stderr. */
final class ParkReports {
    static final String PREFIX = "PARK: ";
    static final int COLUMNS = 15;

    private ParkReports() {
    }

    /**
     * An average hold time measures a critical section that sleeps {@code sectionMs} while it holds the lock. A
     * sleep never ends early, so the hold is at least the section (less 3% for the clocks' granularity); on a
     * loaded machine the holder's and the waiters' wake-up latency adds to it (70.8 ms for a 64 ms section beside a
     * CPU hog at a load of 15), though never a second section's worth.
     */
    static void assertHoldIsTheSection(double holdMs, double sectionMs, String context) {
        assertTrue(holdMs >= 0.97 * sectionMs && holdMs <= 2 * sectionMs,
                "average hold time " + holdMs + " ms for a " + sectionMs + " ms section: " + context);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> blockers(Map<String, Object> report) {
        return (List<Map<String, Object>>) report.get("blockers");
    }

    @SuppressWarnings("unchecked")
    static List<String> stack(Map<String, Object> blocker) {
        return (List<String>) blocker.get("stackTrace");
    }

    /**
     * The blocker first parked on from the method {@code frame} ({@code Class.method}) of a class on the class path
     * (its frames read {@code app//Class.method(...)}), or {@code null}.
     */
    static Map<String, Object> parkedFrom(List<Map<String, Object>> blockers, String frame) {
        for (Map<String, Object> b : blockers) {
            if (stack(b).stream().anyMatch(f -> f.startsWith("app//" + frame + "("))) {
                return b;
            }
        }
        return null;
    }

    /** The blockers with this class name. */
    static List<Map<String, Object>> ofClass(List<Map<String, Object>> blockers, String className) {
        return blockers.stream().filter(b -> b.get("className").equals(className)).toList();
    }

    /** A count added up over rows: {@code timesParked} or {@code blockers} of the rows of one class, say. */
    static long sum(List<Map<String, Object>> rows, String key) {
        return rows.stream().mapToLong(b -> ((Number) b.get(key)).longValue()).sum();
    }

    static double number(Map<String, Object> blocker, String key) {
        return ((Number) blocker.get(key)).doubleValue();
    }

    /** The lines of the report printed at {@code trigger} ({@code exit} or {@code dump}), without the prefix. */
    static List<String> textReport(List<String> stderr, String trigger) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : stderr) {
            if (line.startsWith(PREFIX + "Park contention at ")) {
                in = line.startsWith(PREFIX + "Park contention at " + trigger + " ");
            }
            if (in && line.startsWith(PREFIX)) {
                out.add(line.substring(PREFIX.length()));
            }
        }
        return out;
    }

    /** The first line of each blocker's row, cut into its cells (no cell holds two spaces in a row). */
    static List<List<String>> rows(List<String> textReport) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : textReport.subList(Math.min(2, textReport.size()), textReport.size())) {
            List<String> cells = cells(line);
            if (cells.size() == COLUMNS) {
                rows.add(cells);
            }
        }
        return rows;
    }

    /** The index in {@code textReport} of the first line of the row with this hash code, or -1. */
    static int rowLine(List<String> textReport, String identityHash) {
        for (int i = 2; i < textReport.size(); i++) {
            List<String> cells = cells(textReport.get(i));
            if (cells.size() == COLUMNS && cells.get(3).equals(identityHash)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> cells(String line) {
        return List.of(line.trim().split(" {2,}"));
    }
}
