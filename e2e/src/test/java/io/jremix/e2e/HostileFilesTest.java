package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files a tester gave jremix: a profile nested 5,000 deep, a pattern of 100,000 {@code *}, a 5 MB
 * pattern, {@code /dev/zero}, a FIFO, bytes that are not UTF-8. Each is one {@code jremix: error:} line and exit
 * code 2 before the program starts, from the launcher and from the agent alone ({@code -javaagent}), and one line
 * and exit code 2 from {@code bin/jremix report}; never a stack trace or a hang. The runs end in the launcher's JVM,
 * or in the program's JVM before its main: 22 JVMs of under a second each on an idle machine.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class HostileFilesTest {
    private static final String EXIT_WITH = "io.jremix.workloads.ExitWith";
    private static final String ERROR = "jremix: error: ";

    @TempDir
    static Path dir;
    private static Path deep;
    private static Path stars;
    private static Path huge;
    private static Path latin1;
    private static Path fifo;

    @BeforeAll
    static void files() throws IOException, InterruptedException {
        deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
        stars = Files.writeString(dir.resolve("stars.txt"), "*".repeat(100_000) + "\n");
        huge = Files.writeString(dir.resolve("huge.txt"), "a".repeat(5 * 1024 * 1024) + "*b\n");
        latin1 = Files.write(dir.resolve("latin1.txt"), new byte[] {'c', 'o', 'm', '.', 'C', 'a', 'f', (byte) 0xe9, '\n'});
        fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is not here");
    }

    /** The run printed one error line and nothing else, and the program did not start; returns the line. */
    private static String refused(Jremix.Run run) {
        assertEquals(2, run.exit(), run.stdout() + run.stderr());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(1, run.stderrLines().size(), run.stderr());
        String line = run.stderrLines().get(0);
        assertTrue(line.startsWith(ERROR) && line.length() < 400, line);
        return line.substring(ERROR.length());
    }

    private static String launched(String option) throws IOException, InterruptedException {
        return refused(Jremix.workload(List.of(option), EXIT_WITH, "0", "ran"));
    }

    /** The agent without the launcher, as {@code java -javaagent:jremix-agent.jar=OPTIONS} runs it. */
    private static String underAgent(String option) throws IOException, InterruptedException {
        String agent = Jremix.HOME.resolve("agent/target/jremix-agent.jar").toString();
        return refused(Jremix.exec(List.of(Jremix.java(), "-javaagent:" + agent + "=" + option, "-cp",
                Jremix.WORKLOADS.toString(), EXIT_WITH, "0", "ran")));
    }

    @Test
    void theLauncherRefusesEachFileBeforeTheJvmStarts() throws Exception {
        assertEquals("unusable profile '" + deep + "': not valid JSON (JSON: nested deeper than 100 at offset 100)"
                + " (see bin/jremix --help)", launched("-XX:REMIXProfile=" + deep));
        assertEquals("bad pattern '" + "*".repeat(60) + "...' in " + stars + " line 1: longer than 1000 characters"
                + " (see bin/jremix --help)", launched("-XX:VBDRelaxed=" + stars));
        assertTrue(launched("-XX:VBDRelaxed=" + huge).endsWith(": larger than 1 MiB, the most jremix reads of such a"
                + " file (see bin/jremix --help)"));
        for (Path special : List.of(Path.of("/dev/zero"), fifo)) {
            assertEquals("cannot read relaxed-pattern file '" + special + "': not a regular file (a FIFO, device or"
                    + " socket), which jremix does not read (see bin/jremix --help)",
                    launched("-XX:VBDRelaxed=" + special));
        }
        assertEquals("cannot read relaxed-pattern file '" + latin1 + "': not UTF-8: byte 0xe9 at offset 7 (line 1)"
                + " (see bin/jremix --help)", launched("-XX:VBDRelaxed=" + latin1));
        assertTrue(refused(Jremix.launch(List.of("@" + fifo, "-XX:+VBD", EXIT_WITH))).startsWith("argument file @"
                + fifo + ": not a regular file"));
    }

    /**
     * Where the launcher is not used, the agent refuses the same files before the program's main: the three that
     * ended the JVM with "processing of -javaagent failed" (the agent reads every file as the launcher does).
     */
    @Test
    void theAgentRefusesEachFileBeforeTheProgram() throws Exception {
        assertEquals("unusable profile '" + deep + "': not valid JSON (JSON: nested deeper than 100 at offset 100)"
                + " (see bin/jremix --help)", underAgent("-XX:REMIXProfile=" + deep));
        assertTrue(underAgent("-XX:VBDRelaxed=" + stars).endsWith(" line 1: longer than 1000 characters"
                + " (see bin/jremix --help)"));
        assertTrue(underAgent("-XX:VBDRelaxed=/dev/zero").contains(": not a regular file"));
    }

    @Test
    void reportSaysWhatIsWrongInOneLine() throws Exception {
        List<String> lines = new ArrayList<>();
        for (Path file : List.of(deep, stars, huge, Path.of("/dev/zero"), fifo, latin1)) {
            lines.add(refused(Jremix.launch(List.of("report", file.toString()))));
        }
        assertEquals(List.of(deep + ": JSON: nested deeper than 100 at offset 100",
                stars + ": JSON: unexpected character '*' at offset 0",
                huge + ": JSON: unexpected character 'a' at offset 0",
                "/dev/zero: not a regular file (a FIFO, device or socket), which jremix does not read",
                fifo + ": not a regular file (a FIFO, device or socket), which jremix does not read",
                latin1 + ": not UTF-8: byte 0xe9 at offset 7 (line 1)"), lines);
    }
}
