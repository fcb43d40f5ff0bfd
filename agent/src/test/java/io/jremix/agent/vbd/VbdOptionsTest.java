package io.jremix.agent.vbd;

import java.nio.file.Files;
import java.nio.file.Path;

import io.jremix.options.AgentArguments;
import io.jremix.agent.feature.AgentOptions;
import io.jremix.options.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.jremix.options.VolatileByDefaultOptions.ENABLED;
import static io.jremix.options.VolatileByDefaultOptions.RELAXED;
import static io.jremix.options.VolatileByDefaultOptions.REPORT;
import static io.jremix.options.VolatileByDefaultOptions.VERBOSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VbdOptionsTest {

    private static VbdOptions vbd(String agentArgs) throws OptionException {
        return VbdOptions.from(AgentOptions.parse(AgentArguments.split(agentArgs)).values());
    }

    @Test
    void offUnlessAsked() throws OptionException {
        assertFalse(vbd("-remix:detect").get(ENABLED));
    }

    @Test
    void laterFlagWins() throws OptionException {
        assertTrue(vbd("-XX:+VBD").get(ENABLED));
        assertFalse(vbd("-XX:+VBD,-XX:-VBD").get(ENABLED));
        assertTrue(vbd("-XX:+VBD,-XX:+VBDVerbose").get(VERBOSE));
    }

    @Test
    void relaxedFileIsReadWhenTheOptionsAreParsed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("relaxed.txt"), "com.example.Ring::offer\n");
        VbdOptions o = vbd("-XX:+VBD,-XX:VBDRelaxed=" + file);
        assertEquals(file.toAbsolutePath(), o.get(RELAXED));
        assertTrue(o.relaxed().relaxesMember("com/example/Ring", "offer"));
    }

    @Test
    void reportFileIsCheckedWhenTheOptionsAreParsed(@TempDir Path dir) throws Exception {
        assertEquals(dir.resolve("vbd.html").toAbsolutePath(),
                vbd("-XX:+VBD,-XX:VBDReport=" + dir.resolve("vbd.html")).get(REPORT));
        assertEquals(null, vbd("-XX:+VBD").get(REPORT));
        OptionException e = assertThrows(OptionException.class,
                () -> vbd("-XX:+VBD,-XX:VBDReport=" + dir.resolve("absent/vbd.json")));
        assertTrue(e.getMessage().startsWith("cannot write"), e.getMessage());
    }

    @Test
    void badPatternFileNamesTheLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("relaxed.txt"), "# ok\ncom.example.Ring::offer\ncom example\n");
        OptionException e = assertThrows(OptionException.class, () -> vbd("-XX:+VBD,-XX:VBDRelaxed=" + file));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        assertTrue(e.getMessage().contains("'com example'"), e.getMessage());
    }

    @Test
    void missingFileIsAnError(@TempDir Path dir) {
        OptionException e = assertThrows(OptionException.class,
                () -> vbd("-XX:+VBD,-XX:VBDRelaxed=" + dir.resolve("absent.txt")));
        assertTrue(e.getMessage().startsWith("cannot read relaxed-pattern file"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:VBD", "-XX:+VBDFast", "-XX:VBDRelaxed", "-XX:+VBDRelaxed=x", "-XX:VBDRelaxed=",
        "-XX:-VBDTypo", "-XX:VBD=1", "-XX:VBDReport", "-XX:+VBDReport", "-XX:VBDReport="})
    void malformedOrUnknownVbdOptionsAreRefused(String option) {
        OptionException e = assertThrows(OptionException.class, () -> vbd(option));
        assertTrue(e.getMessage().contains(option), e.getMessage());
    }
}
