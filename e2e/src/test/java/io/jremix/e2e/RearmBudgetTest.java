package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A re-armed window waits while what it is owed is over {@code -XX:REMIXBudget}: the last window's cost, or, after
 * the first window, which opens with the program and is not charged, what the program compiled since that window
 * closed. With a budget of 0.001%, milliseconds of either hold the next window back for minutes. The report gives a
 * charged window's cost as it stood at the end.
 *
 * <p>When a window may open is jremix's window policy: it runs on the first JDK only
 * ({@link Jremix#SAME_ON_EVERY_JDK}).
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class RearmBudgetTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    /** Longer than the test waits for a window that is held back, far shorter than one held back takes. */
    private static final List<String> REARMED = List.of("-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=1",
            "-XX:REMIXRearm=2", "-XX:REMIXBudget=0.001");

    @TempDir
    Path dir;

    /** JFR starting to sample the classes for window 2, if nothing else, gives the JIT compiling to do. */
    @Test
    void whatTheProgramCompiledAfterTheFirstWindowHoldsTheSecondBack() throws Exception {
        Path report = dir.resolve("remix.json");
        List<String> options = new ArrayList<>(List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                "-XX:+REMIXVerbose", "-XX:REMIXReport=" + report));
        options.addAll(REARMED);
        try (LiveProgram service = LiveProgram.start(options, SERVICE, "4", "padded")) {
            service.awaitLine("serving");
            String held = service.awaitErrorLine("REMIX: Window 2 is expected to cost ");
            assertTrue(held.contains(" (the JIT compilation since window 1 closed, ") && held.contains(" over 0.001% of"
                    + " the ") && held.endsWith(" since window 1 opened (-XX:REMIXBudget): it waits."), held);
            service.send("stop");
            Jremix.Run run = service.finish();
            AttachTest.assertServed(run);
            assertFalse(run.stderr().contains("REMIX: Detection window 2 open"), run.stderr());
            assertTrue(run.stderr().indexOf("REMIX: Detection window 1 closed") < run.stderr().indexOf(held));
            List<Map<String, Object>> windows = LiveReportsTest.list(Jremix.json(report), "windowHistory");
            assertEquals(1, windows.size(), windows.toString());
            assertFalse(windows.get(0).containsKey("costSeconds"), "the first window is not charged");
        }
    }

    /**
     * A window opened in a running program is charged from its start. The program runs on well past the time the
     * next window would have opened without the budget ({@code AttachTest} has them re-open every second).
     */
    @Test
    void anAttachedWindowThatCostMoreThanTheBudgetHoldsTheNextBack() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = LiveProgram.start(List.of(), SERVICE, "4", "padded")) {
            service.awaitLine("serving");
            long pid = service.pid();
            AttachTest.awaitIdle(pid);
            List<String> args = new ArrayList<>(List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                    "-XX:REMIXReport=" + report));
            args.addAll(REARMED);
            Jremix.Run detect = AttachTest.attach(pid, args.toArray(String[]::new));
            assertEquals(0, detect.exit(), detect.stdout() + detect.stderr());
            assertTrue(detect.stdout().contains(" (-XX:REMIXBudget)."), detect.stdout());
            Thread.sleep(3 * 2_000); // three times REMIXRearm
            assertEquals(0, AttachTest.attach(pid, "stop").exit());
            AttachTest.awaitIdle(pid);
            List<Map<String, Object>> windows = LiveReportsTest.list(Jremix.json(report), "windowHistory");
            assertEquals(1, windows.size(), windows.toString());
            Object cost = windows.get(0).get("costSeconds");
            assertTrue(cost instanceof Number n && n.doubleValue() > 0, windows.toString());
            service.send("stop");
            AttachTest.assertServed(service.finish());
        }
    }
}
