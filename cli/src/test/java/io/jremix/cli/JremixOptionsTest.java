package io.jremix.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.options.AgentArguments;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.options.OptionException;
import io.jremix.options.ParkContentionOptions;
import io.jremix.options.Values;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The agent option string the plan writes is read back by the agent exactly as the options were typed; the files
 * the options name are read here as the agent reads them.
 */
class JremixOptionsTest {
    @Test
    void theAgentReadsTheOptionsBackUnchanged() {
        List<String> typed = List.of("-remix:detect", "-XX:REMIXReport=/tmp/a b,c\\d'e\"f$g,-h.json",
                "-XXgetparkcontention:threshold=1,printThreshold=2,report=x\\,y", "-XX:VBDRelaxed=C:\\dir\\",
                "-XX:REMIXProfile=\u00e9t\u00e9 \u2603.json", "-XX:+VBD");
        JremixOptions options = new JremixOptions();
        typed.forEach(options::add);
        assertEquals(typed, AgentArguments.split(options.agentArgument()));
    }

    @Test
    void aQuotedParkReportKeepsItsCommaOnItsWayToTheAgent(@TempDir Path dir) throws OptionException {
        Path report = dir.resolve("runs, 2024.json");
        JremixOptions options = new JremixOptions();
        options.add("-XXgetparkcontention:rows=1,report=\"" + report + "\",interval=1s");
        Values park = AgentOptions.parse(AgentArguments.split(options.agentArgument())).values();
        assertEquals(report, park.get(ParkContentionOptions.REPORT));
        assertEquals(1L, park.get(ParkContentionOptions.ROWS));
        assertEquals(1_000_000_000L, park.get(ParkContentionOptions.INTERVAL));
    }

    /** The agent would refuse these at start: the plan refuses them first, in the agent's words. */
    @Test
    void filesTheAgentCouldNotUseStopThePlan(@TempDir Path dir) throws IOException {
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
        assertEquals("unusable profile '" + deep + "': not valid JSON (JSON: nested deeper than 100 at offset 100)"
                + " (see bin/jremix --help)", refusal("-XX:REMIXProfile=" + deep));
        Path stars = Files.writeString(dir.resolve("stars.txt"), "*".repeat(100_000) + "\n");
        assertEquals("bad pattern '" + "*".repeat(60) + "...' in " + stars + " line 1: longer than 1000 characters"
                + " (see bin/jremix --help)", refusal("-XX:VBDRelaxed=" + stars));
        assertEquals("cannot read relaxed-pattern file '/dev/zero': not a regular file (a FIFO, device or socket),"
                + " which jremix does not read (see bin/jremix --help)", refusal("-XX:VBDRelaxed=/dev/zero"));
    }

    private static String refusal(String option) {
        JremixOptions options = new JremixOptions();
        options.add(option);
        return assertThrows(LaunchException.class, () -> options.jvmFlags(17)).getMessage();
    }
}
