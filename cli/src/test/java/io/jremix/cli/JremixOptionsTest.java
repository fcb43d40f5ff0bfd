package io.jremix.cli;

import java.util.List;

import io.jremix.agent.AgentArguments;
import org.junit.jupiter.api.Test;

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
}
