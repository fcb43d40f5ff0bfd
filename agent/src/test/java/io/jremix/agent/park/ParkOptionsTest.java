package io.jremix.agent.park;

import java.nio.file.Path;
import java.util.List;

import io.jremix.options.AgentArguments;
import io.jremix.agent.AgentOptions;
import io.jremix.options.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParkOptionsTest {

    private static ParkOptions park(String agentArgs) throws OptionException {
        return AgentOptions.parse(AgentArguments.split(agentArgs)).park();
    }

    @Test
    void offUnlessAsked() throws OptionException {
        assertNull(park("-remix:detect"));
    }

    @Test
    void bareOptionHasTheSeedsDefaultsAndTenRowsATable() throws OptionException {
        assertEquals(new ParkOptions(0, 0, false, 10, null, 0), park("-XXgetparkcontention"));
    }

    @Test
    void subOptionsKeepTheirCommasThroughTheAgentArguments(@TempDir Path dir) throws OptionException {
        Path report = dir.resolve("park.json");
        ParkOptions o = park("-XXgetparkcontention:threshold=1,printThreshold=2,freeOnPrint,rows=0,report=" + report
                + ",interval=1.5s");
        assertEquals(new ParkOptions(1, 2, true, 0, report.toAbsolutePath(), 1_500_000_000L), o);
    }

    @Test
    void launcherEscapedCommasGiveTheSameOptions() throws OptionException {
        String joined = AgentArguments.join(List.of("-remix:detect", "-XXgetparkcontention:threshold=1,printThreshold=2"));
        AgentOptions o = AgentOptions.parse(AgentArguments.split(joined));
        assertTrue(o.cache().detection());
        assertEquals(new ParkOptions(1, 2, false, 10, null, 0), o.park());
    }

    @Test
    void laterSubOptionsAndRepeatedOptionsOverride() throws OptionException {
        ParkOptions o = park("-XXgetparkcontention:threshold=1,threshold=7,-XXgetparkcontention:printThreshold=3");
        assertEquals(new ParkOptions(7, 3, false, 10, null, 0), o);
    }

    @Test
    void worksAloneOrWithRemix() throws OptionException {
        AgentOptions alone = AgentOptions.parse(List.of("-XXgetparkcontention"));
        assertFalse(alone.cache().detection());
        AgentOptions both = AgentOptions.parse(List.of("-remix", "-XXgetparkcontention"));
        assertTrue(both.cache().detection());
        assertEquals(ParkOptions.defaults(), both.park());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XXgetparkcontention:", "-XXgetparkcontention:threshold=-1",
        "-XXgetparkcontention:threshold=x", "-XXgetparkcontention:threshold", "-XXgetparkcontention:printThreshold=1.5",
        "-XXgetparkcontention:freeOnPrint=yes", "-XXgetparkcontention:fast", "-XXgetparkcontention:threshold=1,,",
        "-XXgetparkcontention:report=/no/such/dir/p.json", "-XXgetparkcontention:rows=-1", "-XXgetparkcontention:rows", "-XXgetparkcontentions",
        "-XXgetparkcontention:interval", "-XXgetparkcontention:interval=-1s", "-XXgetparkcontention:interval=soon"})
    void badValuesAreRejected(String option) {
        OptionException e = assertThrows(OptionException.class, () -> AgentOptions.parse(List.of(option)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
