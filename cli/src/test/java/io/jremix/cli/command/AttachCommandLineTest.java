package io.jremix.cli.command;

import java.nio.file.Path;
import java.util.List;

import io.jremix.cli.LaunchException;
import io.jremix.options.AgentArguments;
import io.jremix.agent.attach.AttachRequest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@code bin/jremix attach} asks of the agent, as the agent reads it back. */
class AttachCommandLineTest {
    private static final Path CHANNEL = Path.of("/tmp/jremix-attach1/answer.txt");

    private static AttachRequest sent(String... args) throws LaunchException {
        return AttachRequest.parse(AttachCommandLine.parse(List.of(args)).request(CHANNEL));
    }

    private static String cwd(String file) {
        return Path.of("").toAbsolutePath().resolve(file).toString();
    }

    @Test
    void optionsReachTheAgentWithTheirFilesMadeAbsolute() throws LaunchException {
        AttachRequest r = sent("42", "-remix:detect", "-XX:REMIXReport=out.json", "-XX:REMIXProfile=a,b.json",
                "-XX:REMIXMaxWindow=10", "-XXgetparkcontention:threshold=5,report=park.json");
        assertEquals("start", r.command());
        assertEquals(CHANNEL, r.channel());
        assertEquals(List.of("-remix:detect", "-XX:REMIXReport=" + cwd("out.json"),
                "-XX:REMIXProfile=" + cwd("a,b.json"), "-XX:REMIXMaxWindow=10",
                "-XXgetparkcontention:threshold=5,report=" + cwd("park.json")), AgentArguments.split(r.argument()));
    }

    @Test
    void aQuotedParkReportIsMadeAbsoluteInItsQuotes() throws LaunchException {
        AttachRequest r = sent("42", "-XXgetparkcontention:report='a,b.json',rows=2",
                "-XXgetparkcontention:report=\"it's.json\"");
        assertEquals(List.of("-XXgetparkcontention:report=\"" + cwd("a,b.json") + "\",rows=2",
                "-XXgetparkcontention:report=" + cwd("it's.json")), AgentArguments.split(r.argument()));
        LaunchException e = assertThrows(LaunchException.class, () -> sent("42", "-XXgetparkcontention:report='a,b"));
        assertTrue(e.getMessage().contains("the quote opened in 'report='a,b' is not closed"), e.getMessage());
    }

    @Test
    void dumpAndStopSendAnAbsoluteFileOrNone() throws LaunchException {
        assertEquals(new AttachRequest("dump", CHANNEL, cwd("d.json")), sent("7", "dump", "d.json"));
        assertEquals(new AttachRequest("stop", CHANNEL, ""), sent("7", "stop"));
        assertTrue(AttachCommandLine.parse(List.of("7", "status")).status());
    }

    @Test
    void aCommandLineThatSaysNothingClearIsRefused() {
        for (List<String> args : List.of(List.of("7"), List.of("seven", "status"), List.of("7", "status", "x"),
                List.of("7", "dump", "a", "b"), List.of("7", "-remix:detect", "Main"))) {
            LaunchException e = assertThrows(LaunchException.class, () -> AttachCommandLine.parse(args), args.toString());
            assertTrue(e.getMessage().contains("bin/jremix attach --help"), e.getMessage());
        }
    }

    @Test
    void aJavaOlderThan17IsNamed() {
        assertEquals("Java 1.8; jremix needs Java 17 or later", AttachedJvm.tooOld("1.8"));
        assertEquals("Java 11; jremix needs Java 17 or later", AttachedJvm.tooOld("11"));
        assertEquals(null, AttachedJvm.tooOld("17"));
        assertEquals(null, AttachedJvm.tooOld("25"));
    }
}
