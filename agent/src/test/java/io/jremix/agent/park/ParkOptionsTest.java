package io.jremix.agent.park;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.jremix.options.AgentArguments;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.options.CacheContentionOptions;
import io.jremix.options.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.jremix.options.ParkContentionOptions.FREE_ON_PRINT;
import static io.jremix.options.ParkContentionOptions.INTERVAL;
import static io.jremix.options.ParkContentionOptions.PRINT_THRESHOLD;
import static io.jremix.options.ParkContentionOptions.REPORT;
import static io.jremix.options.ParkContentionOptions.ROWS;
import static io.jremix.options.ParkContentionOptions.THRESHOLD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParkOptionsTest {

    private static ParkOptions park(String agentArgs) throws OptionException {
        return ParkOptions.from(AgentOptions.parse(AgentArguments.split(agentArgs)).values());
    }

    @Test
    void offUnlessAsked() throws OptionException {
        assertNull(park("-remix:detect"));
    }

    @Test
    void bareOptionHasTheSeedsDefaultsAndTenRowsATable() throws OptionException {
        assertSettings(park("-XXgetparkcontention"), 0, 0, false, 10, null, 0);
    }

    @Test
    void subOptionsKeepTheirCommasThroughTheAgentArguments(@TempDir Path dir) throws OptionException {
        Path report = dir.resolve("park.json");
        ParkOptions o = park("-XXgetparkcontention:threshold=1,printThreshold=2,freeOnPrint,rows=0,report=" + report
                + ",interval=1.5s");
        assertSettings(o, 1, 2, true, 0, report.toAbsolutePath(), 1_500_000_000L);
    }

    @Test
    void launcherEscapedCommasGiveTheSameOptions() throws OptionException {
        String joined = AgentArguments.join(List.of("-remix:detect", "-XXgetparkcontention:threshold=1,printThreshold=2"));
        AgentOptions o = AgentOptions.parse(AgentArguments.split(joined));
        assertEquals("detect", o.values().get(CacheContentionOptions.MODE));
        assertSettings(ParkOptions.from(o.values()), 1, 2, false, 10, null, 0);
    }

    @Test
    void laterSubOptionsAndRepeatedOptionsOverride() throws OptionException {
        ParkOptions o = park("-XXgetparkcontention:threshold=1,threshold=7,-XXgetparkcontention:printThreshold=3");
        assertSettings(o, 7, 3, false, 10, null, 0);
    }

    @Test
    void worksAloneOrWithRemix() throws OptionException {
        AgentOptions alone = AgentOptions.parse(List.of("-XXgetparkcontention"));
        assertEquals("off", alone.values().get(CacheContentionOptions.MODE));
        AgentOptions both = AgentOptions.parse(List.of("-remix", "-XXgetparkcontention"));
        assertEquals("online", both.values().get(CacheContentionOptions.MODE));
        assertSettings(ParkOptions.from(both.values()), 0, 0, false, 10, null, 0);
    }

    private static void assertSettings(ParkOptions o, long threshold, long printThreshold, boolean freeOnPrint,
                                       long rows, Path report, long intervalNanos) {
        assertEquals(List.of(threshold, printThreshold, freeOnPrint, rows, Optional.ofNullable(report), intervalNanos),
                List.of(o.get(THRESHOLD), o.get(PRINT_THRESHOLD), o.get(FREE_ON_PRINT), o.get(ROWS),
                        Optional.ofNullable(o.get(REPORT)), o.get(INTERVAL)));
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
