package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A re-armed window waits while the last one's cost is over {@code -XX:REMIXBudget}. With a budget of 0.001%, what
 * window 2 costs (the detector thread's CPU alone is milliseconds) holds window 3 back for minutes, and the log says
 * so when window 3 is due. Window 2 opens on time: the first window opens with the program, and is not charged. The
 * report gives window 2's cost as it stood at exit.
 */
class RearmBudgetTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";

    @TempDir
    Path dir;

    @Test
    void aWindowThatCostMoreThanTheBudgetHoldsTheNextBack() throws Exception {
        Path report = dir.resolve("remix.json");
        try (LiveProgram service = LiveProgram.start(List.of("-remix:detect", Jremix.TEST_THRESHOLD,
                "-XX:+REMIXVerbose", "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=1", "-XX:REMIXRearm=1",
                "-XX:REMIXBudget=0.001", "-XX:REMIXReport=" + report), SERVICE, "4", "padded")) {
            service.awaitLine("serving");
            service.awaitErrorLine("REMIX: Detection window 2 open");
            String held = service.awaitErrorLine("REMIX: Window 2 has cost ");
            assertTrue(held.contains(" over 0.001% of the ")
                    && held.endsWith(" since it opened (-XX:REMIXBudget): the next window waits."), held);
            service.send("stop");
            Jremix.Run run = service.finish();
            AttachTest.assertServed(run);
            assertFalse(run.stderr().contains("REMIX: Detection window 3 open"), run.stderr());
            assertTrue(run.stderr().indexOf("REMIX: Detection window 2 closed") < run.stderr().indexOf(held), run.stderr());
            List<Map<String, Object>> windows = LiveReportsTest.list(Jremix.json(report), "windowHistory");
            assertEquals(2, windows.size());
            assertFalse(windows.get(0).containsKey("costSeconds"), "the first window is not charged");
            Object cost = windows.get(1).get("costSeconds");
            assertTrue(cost instanceof Number n && n.doubleValue() > 0, windows.get(1) + "\n" + run.stderr());
        }
    }
}
