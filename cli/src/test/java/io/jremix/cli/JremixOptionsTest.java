package io.jremix.cli;

import java.nio.file.Path;
import java.util.List;

import io.jremix.agent.AgentArguments;
import io.jremix.agent.AgentOptions;
import io.jremix.agent.park.ParkOptions;
import io.jremix.options.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The agent option string the plan writes is read back by the agent exactly as the options were typed. */
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
        ParkOptions park = AgentOptions.parse(AgentArguments.split(options.agentArgument())).park();
        assertEquals(report, park.report());
        assertEquals(1, park.rows());
        assertEquals(1_000_000_000L, park.intervalNanos());
    }
}
