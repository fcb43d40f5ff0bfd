package io.jremix.e2e.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.jremix.e2e.Jremix;
import io.jremix.e2e.LiveProgram;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jremix's JFR events in a recording the program was started with ({@code -XX:StartFlightRecording}), read back
 * with {@link RecordingFile}: they say what the JSON report of the same run says.
 */
class JfrEventsTest {

    /**
     * A detection window that closes while the program runs: one window event, and a finding event for each finding
     * of the report (nothing is traced after the window closes, so the report has no others), the last of its class.
     */
    @Test
    @SuppressWarnings("unchecked")
    void findingsAndWindowsAreEvents(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("cache.json");
        Path recording = dir.resolve("cache.jfr");
        Jremix.Run run;
        try (LiveProgram service = LiveProgram.start(List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                "-XX:+REMIXVerbose", "-XX:REMIXWindow=0.5", "-XX:REMIXMaxWindow=10", "-XX:REMIXReport=" + report,
                "-XX:StartFlightRecording:filename=" + recording), "io.jremix.workloads.cache.LiveService", "4")) {
            service.awaitErrorLine("REMIX: Detection window 1 closed");
            service.send("stop");
            run = service.finish();
        }
        assertEquals(0, run.exit(), run.stderr());
        List<Map<String, Object>> findings = Jremix.findings(Jremix.json(report));
        assertFalse(findings.isEmpty(), run.stderr());

        List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
        List<RecordedEvent> windows = named(events, "io.jremix.DetectionWindow");
        List<RecordedEvent> found = named(events, "io.jremix.CacheFinding");
        assertEquals(1, windows.size(), () -> describe(windows));
        RecordedEvent window = windows.get(0);
        assertEquals(1, window.getInt("window"));
        assertEquals("contention found", window.getString("closedBy"));
        assertEquals(findings.size(), window.getInt("findings"));
        assertTrue(window.getDuration("tracedTime").toMillis() >= 500, () -> describe(List.of(window)));

        // a class predicted before its misses crossed the thresholds has two events, the latent one first, and one
        // finding in the report: the observed false sharing, which carries the prediction
        Map<String, List<RecordedEvent>> byClass = found.stream()
                .sorted(Comparator.comparing(RecordedEvent::getStartTime))
                .collect(Collectors.groupingBy(e -> e.getString("className")));
        List<RecordedEvent> last = byClass.values().stream().map(l -> l.get(l.size() - 1)).toList();
        byClass.values().forEach(l -> l.subList(0, l.size() - 1).forEach(
                e -> assertEquals("latent-false-sharing", e.getString("kind"), () -> describe(l))));
        assertEquals(findings.stream().map(f -> f.get("className") + " " + f.get("kind")).collect(Collectors.toSet()),
                last.stream().map(e -> e.getString("className") + " " + e.getString("kind")).collect(Collectors.toSet()));
        for (RecordedEvent e : last) {
            Map<String, Object> f = findings.stream().filter(x -> x.get("className").equals(e.getString("className"))
                    && x.get("kind").equals(e.getString("kind"))).findFirst().orElseThrow();
            assertEquals(String.join(", ", (List<String>) f.get("fields")), e.getString("fields"));
            assertEquals(f.get("repairable"), e.getBoolean("repairable"));
            assertTrue(e.getLong("sampledMisses") > 0 && e.getLong("sampledMisses") <= (Long) f.get("sampled"), () -> describe(List.of(e)));
            // the sites stand for a stack: the event's own would be the jremix thread's that committed it
            assertNull(e.getStackTrace(), () -> describe(List.of(e)));
            if (!e.getString("kind").startsWith("latent")) {
                assertTrue(e.getString("sites").lines()
                        .allMatch(site -> site.matches("\\d+\\.\\d\\d% \\S.*")), () -> describe(List.of(e)));
            }
        }
        // the threads as the report at exit names them: each event names a thread as they do (the event's writers,
        // when the finding was made, need not be those at exit: a prediction's are the pairs it sees then)
        Map<Long, String> names = new HashMap<>();
        findings.forEach(f -> Jremix.map(f.get("writers")).values().forEach(threads -> Jremix.list(threads)
                .forEach(t -> names.put((Long) t.get("id"), (String) t.get("name")))));
        int named = 0;
        for (RecordedEvent e : found) {
            Matcher thread = Pattern.compile("\"([^\"]*)\" #(\\d+)").matcher(e.getString("writers"));
            while (thread.find()) {
                String name = names.get(Long.parseLong(thread.group(2)));
                assertTrue(name == null || name.equals(thread.group(1)), thread.group() + " is " + name);
                named += name == null ? 0 : 1;
            }
        }
        assertTrue(named > 0, () -> "writer threads named as \"name\" #id: " + names + " " + describe(found));
    }

    /** One park event per blocker the exit report recorded, with the report's counts. */
    @Test
    @SuppressWarnings("unchecked")
    void parkRecordsAreEvents(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("park.json");
        Path recording = dir.resolve("park.jfr");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=" + report,
                "-XX:StartFlightRecording:filename=" + recording), "io.jremix.workloads.park.LargeCriticalSection", "4", "200");
        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> doc = Jremix.json(report);
        List<Map<String, Object>> rows = (List<Map<String, Object>>) doc.get("blockers");

        List<RecordedEvent> parks = named(RecordingFile.readAllEvents(recording), "io.jremix.ParkContention");
        assertEquals(doc.get("blockersRecorded"), (long) parks.size());
        assertEquals(rows.stream().map(r -> r.get("identityHash") + " " + r.get("timesParked")).collect(Collectors.toSet()),
                parks.stream().map(e -> e.getString("identityHash") + " " + e.getLong("timesParked")).collect(Collectors.toSet()));
        Set<String> kinds = parks.stream().map(e -> e.getString("synchronizer") + " " + e.getString("waitKind"))
                .collect(Collectors.toSet());
        assertEquals(Set.of("ReentrantLock lock"), kinds);
        assertTrue(parks.stream().allMatch(e -> e.getString("trigger").equals("exit")
                && e.getDuration("parkThreadTime").toNanos() > 0), () -> describe(parks));
        // each lock is taken at one site of the program's, through no library: as the text and JSON reports say
        assertTrue(parks.stream().allMatch(e -> e.getString("sites").startsWith("100.00% " + e.getString("userFrame")
                + " <- ") && String.valueOf(e.getString("via")).isEmpty()), () -> describe(parks));
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    /**
     * Events with their fields but not their stack traces, which JFR cannot print when a frame's method belongs to
     * a class retransformed since (its method is {@code null}).
     */
    private static String describe(List<RecordedEvent> events) {
        return events.stream().map(e -> e.getEventType().getName() + e.getFields().stream()
                .filter(f -> !f.getName().equals("stackTrace"))
                .map(f -> f.getName() + "=" + e.getValue(f.getName())).toList())
                .collect(Collectors.joining("\n"));
    }
}
