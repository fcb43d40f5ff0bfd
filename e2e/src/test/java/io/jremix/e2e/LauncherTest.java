package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** bin/jremix behaves like java: same arguments, output and exit status; bad jremix options stop it early. */
class LauncherTest {
    private static final String EXIT_WITH = "io.jremix.workloads.ExitWith";

    @Test
    void helpListsTheOptions() throws Exception {
        Jremix.Run run = Jremix.launch(List.of("--help"));
        assertEquals(0, run.exit());
        for (String option : List.of("-remix:detect", "-remix:online", "-XX:REMIXSamplingRatio=<n>", "-XX:+REMIXVerbose",
                "-XX:+REMIXHitVerbose", "-XX:+REMIXDebug", "-XX:REMIXReport=<file>")) {
            assertTrue(run.stdout().contains(option), option);
        }
    }

    @Test
    @Tag(Jremix.SAME_ON_EVERY_JDK)
    void mannersAreJavas() throws Exception {
        Jremix.Run bare = Jremix.launch(List.of());
        assertEquals(1, bare.exit(), "java exits 1 without arguments");
        assertEquals("", bare.stdout());
        assertTrue(bare.stderr().contains("Usage: bin/jremix"), bare.stderr());

        Jremix.Run version = Jremix.launch(List.of("--version"));
        Jremix.Run java = Jremix.exec(List.of(Jremix.java(), "--version"));
        assertEquals(0, version.exit(), version.stderr());
        assertTrue(version.stdoutLines().get(0).matches("jremix \\d+\\.\\d+\\.\\d+.*"), version.stdout());
        assertEquals(java.stdout(), version.stdout().substring(version.stdout().indexOf('\n') + 1));

        for (List<String> nearMiss : List.of(List.of("reprot", "r.json"), List.of("-XX:REMIXTreshold=5", "Main"),
                List.of("-XXgetparkcontention:repot=p.json", "Main"))) {
            Jremix.Run run = Jremix.launch(nearMiss);
            assertEquals(2, run.exit(), nearMiss.toString());
            assertEquals(1, run.stderrLines().size(), run.stderr());
            assertTrue(run.stderr().matches("jremix: error: .*: did you mean '(report|-XX:REMIXThreshold=5|report=p"
                    + ".json)'\\?.*\\n"), run.stderr());
        }
    }

    @Test
    void programArgumentsOutputAndExitStatusPassThrough() throws Exception {
        List<String> args = List.of("3", "-remix:detect", "-XX:REMIXFoo", "a b", "x,y");
        Jremix.Run plain = Jremix.workload(List.of(), EXIT_WITH, args.toArray(String[]::new));
        Jremix.Run traced = Jremix.workload(List.of("-remix:detect"), EXIT_WITH, args.toArray(String[]::new));
        assertEquals(3, plain.exit());
        assertEquals(3, traced.exit());
        assertEquals(String.join("\n", args) + "\n", traced.stdout(), "options after the main class are the program's");
        assertEquals(plain.stdout(), traced.stdout());
        assertTrue(traced.stderrLines().contains("ExitWith stderr"));
        assertTrue(traced.stderrLines().contains("REMIX: Processed 0 classes."), traced.stderr());
    }

    @Test
    void javaOptionsWithValuesAreKeptInPlace() throws Exception {
        Jremix.Run run = Jremix.launch(List.of("-remix:detect", "-Dx=1", "-cp", Jremix.WORKLOADS.toString(),
                "-XX:+REMIXVerbose", EXIT_WITH, "0", "ok"));
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("0\nok\n", run.stdout());
        assertTrue(run.stderr().contains("REMIX: SamplingRatio is 1:1000."), run.stderr());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:REMIXFoo=1", "-XX:+REMIXSamplingRatio", "-XX:REMIXSamplingRatio=0",
        "-XX:REMIXSamplingRatio=x", "-remix:fast", "-XX:REMIXVerbose", "-XX:REMIXReport=/no/such/dir/r.json",
        "-XX:REMIXLineSize=100"})
    void badOptionPrintsOneLineAndExits2BeforeTheProgram(String option) throws Exception {
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", option), EXIT_WITH, "0", "ran");
        assertEquals(2, run.exit());
        assertEquals("", run.stdout(), "the program must not start");
        List<String> lines = run.stderrLines();
        assertEquals(1, lines.size(), run.stderr());
        assertTrue(lines.get(0).startsWith("jremix: error: "), lines.get(0));
    }

    @Test
    void agentWorksWithoutTheLauncher(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("r.json");
        String agent = Jremix.HOME.resolve("agent/target/jremix-agent.jar").toString();
        String options = String.join(",", "-remix:detect", Jremix.TEST_THRESHOLD, "-XX:REMIXReport=" + report);
        Jremix.Run run = Jremix.contended(() -> Jremix.exec(List.of(Jremix.java(), "-javaagent:" + agent + "=" + options,
                "-cp", Jremix.WORKLOADS.toString(), Jremix.PACKAGE + "AdjacentAtomicLongs", "2", "15000000")));
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(Files.exists(report));
        assertFalse(Jremix.findings(Jremix.json(report)).isEmpty(), run.stderr());
    }

    @Test
    void withoutJremixOptionsItIsPlainJava() throws Exception {
        Jremix.Run run = Jremix.workload(List.of(), EXIT_WITH, "0", "plain");
        assertEquals(0, run.exit());
        assertEquals("0\nplain\n", run.stdout());
        assertFalse(run.stderr().contains("REMIX"), run.stderr());
    }
}
