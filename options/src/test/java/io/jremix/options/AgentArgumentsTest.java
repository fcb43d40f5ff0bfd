package io.jremix.options;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AgentArgumentsTest {

    @Test
    void splitsOnCommas() {
        assertEquals(List.of("-remix:detect", "-XX:REMIXSamplingRatio=100"),
                AgentArguments.split("-remix:detect,-XX:REMIXSamplingRatio=100"));
    }

    @Test
    void piecesNotStartingWithDashContinueThePreviousOption() {
        assertEquals(List.of("-XXgetparkcontention:threshold=5,printThreshold=10", "-remix"),
                AgentArguments.split("-XXgetparkcontention:threshold=5,printThreshold=10,-remix"));
    }

    @Test
    void backslashEscapesCommasAndItself() {
        assertEquals(List.of("-XX:REMIXReport=/tmp/a,-b\\c.json"), AgentArguments.split("-XX:REMIXReport=/tmp/a\\,-b\\\\c.json"));
    }

    @Test
    void nullOrEmptyGivesNoOptions() {
        assertEquals(List.of(), AgentArguments.split(null));
        assertEquals(List.of(), AgentArguments.split(""));
        assertEquals(List.of("-remix"), AgentArguments.split(",-remix,"));
    }

    @Test
    void joinIsReadBackUnchanged() {
        List<String> options = List.of("-remix:detect", "-XX:REMIXReport=/tmp/x,-y\\z.json", "-XX:+REMIXVerbose");
        assertEquals(options, AgentArguments.split(AgentArguments.join(options)));
    }
}
