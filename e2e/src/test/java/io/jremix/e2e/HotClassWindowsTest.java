package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Re-armed windows far enough apart for ten of JFR's execution samples before each, the first included, probe only
 * the classes the samples saw running ({@code REMIXHotClasses}, 32 by default), and find the service's false sharing;
 * the padded control stays silent in those windows, though they trace it.
 *
 * <p>Which classes a window selects is jremix's window policy: it runs on the first JDK only
 * ({@link Jremix#SAME_ON_EVERY_JDK}); detection itself is tested on every JDK.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class HotClassWindowsTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    private static final String TALLY = SERVICE + "$Tally";

    @TempDir
    Path dir;

    private LiveProgram start(Path report, String mode, String... more) throws Exception {
        return start(report, List.of("4", mode), more);
    }

    private LiveProgram start(Path report, List<String> serviceArgs, String... more) throws Exception {
        List<String> options = new ArrayList<>(List.of("-remix:detect", Jremix.TEST_THRESHOLD, "-XX:+REMIXVerbose",
                "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=2", "-XX:REMIXRearm=11", "-XX:REMIXReport=" + report,
                "-XX:REMIXBudget=0")); // windows on time, whatever they cost: RearmBudgetTest tests the budget
        options.addAll(List.of(more));
        LiveProgram service = LiveProgram.start(options, SERVICE, serviceArgs.toArray(String[]::new));
        service.awaitLine("serving");
        return service;
    }

    private static int number(Map<String, Object> window) {
        return ((Number) window.get("number")).intValue();
    }

    private static boolean findsTally(Map<String, Object> window) {
        return LiveReportsTest.list(window, "findings").stream()
                .anyMatch(f -> f.get("className").equals(TALLY) && f.get("kind").equals("false-sharing"));
    }

    /**
     * The number of the first window that probes only the classes seen running: window 1, or a later one when JFR's
     * first ten samples come late on a busy machine.
     */
    private static int firstSelectingWindow(LiveProgram service) throws Exception {
        String line = service.awaitErrorLineContaining(" open, probing the ");
        assertTrue(Integer.parseInt(line.replaceAll(".*probing the (\\d+) classes.*", "$1")) <= 32, line);
        return Integer.parseInt(line.replaceAll("REMIX: Detection window (\\d+) open.*", "$1"));
    }

    @Test
    void aWindowProbingOnlyTheClassesSeenRunningFindsTheSharingAgain() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = start(report, "shared")) {
            int first = firstSelectingWindow(service);
            Predicate<Map<String, Object>> selectingAndFinding = w -> number(w) >= first && findsTally(w);
            // the kernel may keep the sharing threads on one core for a window: later windows get their chance
            Map<String, Object> doc = service.awaitReport(report,
                    d -> LiveReportsTest.list(d, "windowHistory").stream().anyMatch(selectingAndFinding));
            int finding = LiveReportsTest.list(doc, "windowHistory").stream().filter(selectingAndFinding)
                    .mapToInt(HotClassWindowsTest::number).findFirst().orElseThrow();
            service.awaitErrorLine("REMIX: Detection window " + finding + " open, probing the "); // selected too
            assertTrue(Jremix.findings(doc).stream().anyMatch(f -> f.get("className").equals(TALLY)));
            service.send("stop");
            AttachTest.assertServed(service.finish());
        }
    }

    /**
     * {@code Tally.add} returns after each request, so its class gets probes in every window, and in the padded
     * service its accesses touch no line that misses: after two windows that probed it, it sits out the next. Every
     * class seen running there is as quiet ({@code LiveService} itself, whose serving loop never returns, gets no
     * probes and counts as quiet too), so that window does not open; a period that did not open counts as one sat
     * out, so the next window probes {@code Tally} again.
     */
    @Test
    void aClassTracedWithoutContentionInTwoWindowsSitsOutTheNextAndComesBack() throws Exception {
        // 3 s between windows: requests four times the default length keep JFR's samples of the workers well over
        // ten per gap on a busy machine (at the default, 5 to 8 were seen there, and the windows probed every class)
        List<String> longRequests = List.of("4", "200000", "padded");
        try (LiveProgram service = start(dir.resolve("remix.json"), longRequests, "-XX:+REMIXDebug",
                "-XX:REMIXRearm=3")) {
            String left = service.awaitErrorLineContaining(" would probe none; leaves out ");
            assertTrue(left.substring(left.indexOf("; leaves out ")).contains(TALLY), left);
            String window = left.replaceAll(".*window (\\d+) would probe.*", "$1");
            String notOpened = service.awaitErrorLine("REMIX: Window " + window + " does not open");
            assertTrue(notOpened.contains(" were all probed without contention in their last windows"), notOpened);
            String probes = service.awaitErrorLine("REMIX: window " + window + " probes ");
            assertTrue(probes.replaceAll("; leaves out .*", "").contains(TALLY), probes);
            service.send("stop");
            AttachTest.assertServed(service.finish());
        }
    }

    @Test
    void thePaddedServiceIsTracedButSilentInWindowsProbingTheClassesSeenRunning() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = start(report, "padded")) {
            int n = firstSelectingWindow(service);
            Map<String, Object> doc = service.awaitReport(report, d -> LiveReportsTest.list(d, "windowHistory").size() >= n);
            Map<String, Object> window = LiveReportsTest.list(doc, "windowHistory").get(n - 1);
            assertEquals(List.of(), window.get("findings"), window.toString());
            assertTrue(((Number) window.get("sampledAccesses")).longValue() > 0, "the window traced the service");
            assertEquals(List.of(), Jremix.findings(doc));
            service.send("stop");
            AttachTest.assertServed(service.finish());
        }
    }
}
