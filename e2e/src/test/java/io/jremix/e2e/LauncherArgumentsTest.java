package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * bin/jremix reads its arguments as java does, in any POSIX sh: the bash launcher's bugs (a program argument after
 * {@code --module=} taken for the agent, a jremix option after an {@code @argfile} handed to java, an empty array
 * under {@code set -u}), and awkward text in arguments and option values.
 */
class LauncherArgumentsTest {
    private static final String EXIT_WITH = "io.jremix.workloads.ExitWith";
    private static final String PROCESSED = "REMIX: Processed";
    /** Text that a shell, a comma-joined agent string or a quoting layer could change. */
    private static final List<String> AWKWARD = List.of("a b", "x,y", "back\\slash\\", "it's", "\"q\"", "$HOME",
            "`id`", "*", "", "-remix:detect", "line\nbreak", "\u00e9t\u00e9");

    @Test
    void afterModuleEqualsTheArgumentsAreTheProgramsEvenJremixLookingOnes() throws Exception {
        // the workloads jar as an automatic module (named after the file), ExitWith as its main class; it prints
        // its arguments, then fails to read "-remix:detect" as its exit status, as it does under plain java
        List<String> args = List.of("-p", Jremix.WORKLOADS.toString(), "--module=jremix.workloads/" + EXIT_WITH,
                "-remix:detect");
        List<String> plainJava = new ArrayList<>(List.of(Jremix.java()));
        plainJava.addAll(args);
        Jremix.Run plain = Jremix.exec(plainJava);
        Jremix.Run run = Jremix.launch(args);
        assertEquals("-remix:detect\n", run.stdout());
        assertEquals(plain.exit(), run.exit(), run.stderr());
        assertFalse(run.stderr().contains("REMIX"), "the agent must not start: " + run.stderr());
    }

    @Test
    void aJremixOptionAfterAnArgFileIsJremixs(@TempDir Path dir) throws Exception {
        Path options = dir.resolve("options");
        Files.writeString(options, "-cp \"" + Jremix.WORKLOADS.toString().replace("\\", "\\\\") + "\"\n-Dx=1\n");
        Jremix.Run run = Jremix.launch(List.of("@" + options, "-remix:detect", EXIT_WITH, "0", "ok"));
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("0\nok\n", run.stdout());
        assertTrue(run.stderr().contains(PROCESSED), "the agent must start: " + run.stderr());
    }

    @Test
    void aJremixOptionInsideAnArgFileStopsBeforeTheProgram(@TempDir Path dir) throws Exception {
        Path options = dir.resolve("options");
        Files.writeString(options, "-remix:detect -cp " + Jremix.WORKLOADS + "\n");
        Jremix.Run run = Jremix.launch(List.of("@" + options, EXIT_WITH, "0", "ran"));
        assertEquals(2, run.exit());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(List.of("jremix: error: jremix option '-remix:detect' in @" + options
                + ": give jremix options on the command line, outside argument files"), run.stderrLines());
    }

    /** Every sh this machine has, with set -u: the bash launcher failed under bash 3.2 on an empty array. */
    @ParameterizedTest
    @ValueSource(strings = {"/bin/sh", "/bin/dash", "/bin/bash", "/bin/ksh", "/bin/mksh", "/bin/busybox"})
    void runsUnderEveryShellWithNoArgumentsAndNoJavaOptions(String shell) throws Exception {
        assumeTrue(Files.isExecutable(Path.of(shell)), shell + " is not installed");
        List<String> sh = shell.endsWith("busybox") ? List.of(shell, "sh", "-u") : List.of(shell, "-u");
        String jremix = Jremix.HOME.resolve("bin/jremix").toString();

        Jremix.Run usage = Jremix.exec(concat(sh, jremix));
        assertEquals(1, usage.exit(), "as java with no arguments: " + usage.stderr());
        assertTrue(usage.stderr().contains("-remix:detect"), usage.stderr());

        // the class path from the environment: no java option at all besides the main class
        Jremix.Run run = Jremix.exec(concat(sh, jremix, "-remix:detect", EXIT_WITH, "0", "ok"), null,
                Map.of("CLASSPATH", Jremix.WORKLOADS.toString()));
        assertEquals(0, run.exit(), run.stderr());
        assertEquals("0\nok\n", run.stdout());
        assertTrue(run.stderr().contains(PROCESSED), run.stderr());
    }

    @Test
    void awkwardProgramArgumentsArriveAsJavaGetsThem() throws Exception {
        List<String> args = new ArrayList<>(List.of("0"));
        args.addAll(AWKWARD);
        List<String> plainJava = new ArrayList<>(List.of(Jremix.java(), "-cp", Jremix.WORKLOADS.toString(), EXIT_WITH));
        plainJava.addAll(args);
        Jremix.Run plain = Jremix.exec(plainJava);
        Jremix.Run traced = Jremix.workload(List.of("-remix:detect"), EXIT_WITH, args.toArray(String[]::new));
        assertEquals(0, traced.exit(), traced.stderr());
        assertEquals(String.join("\n", args) + "\n", plain.stdout());
        assertEquals(plain.stdout(), traced.stdout());
    }

    @Test
    void awkwardOptionValuesReachTheAgentIntact(@TempDir Path dir) throws Exception {
        Path reports = Files.createDirectories(dir.resolve("r e,p\\o'r\"t$s \u00e9"));
        Path report = reports.resolve("a,b\\c d'e\"f$g.json");
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", "-XX:REMIXReport=" + report), EXIT_WITH, "0");
        assertEquals(0, run.exit(), run.stderr());
        try (var files = Files.list(reports)) {
            assertEquals(List.of(report.getFileName().toString()), files.map(p -> p.getFileName().toString()).toList());
        }
        assertTrue(Jremix.findings(Jremix.json(report)).isEmpty(), "a report, of a program without contention");
    }

    /** The environment's JVM options are the program's: the plan's JVM does not see them, nor print that it did. */
    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"})
    void environmentOptionsReachOnlyTheProgram(String variable) throws Exception {
        Map<String, String> env = Map.of(variable, "-Dignored=1");
        List<String> plainJava = List.of(Jremix.java(), "-cp", Jremix.WORKLOADS.toString(), EXIT_WITH, "0");
        Jremix.Run plain = Jremix.exec(plainJava, null, env);
        List<String> jremix = List.of(Jremix.HOME.resolve("bin/jremix").toString(), "-remix:detect", "-cp",
                Jremix.WORKLOADS.toString(), EXIT_WITH, "0");
        Jremix.Run run = Jremix.exec(jremix, null, env);
        assertEquals(0, run.exit(), run.stderr());
        assertEquals(pickedUp(plain, variable), pickedUp(run, variable));
        assertEquals(1, pickedUp(run, variable), run.stderr());
    }

    private static long pickedUp(Jremix.Run run, String variable) {
        return run.stderrLines().stream().filter(l -> l.contains("Picked up " + variable)).count();
    }

    @Test
    void aSymlinkToTheLauncherFindsItsHome(@TempDir Path dir) throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("jremix"), Jremix.HOME.resolve("bin/jremix"));
        Jremix.Run run = Jremix.exec(List.of(link.toString(), "-remix:detect", "-cp", Jremix.WORKLOADS.toString(),
                EXIT_WITH, "0"));
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderr().contains(PROCESSED), run.stderr());
    }

    private static List<String> concat(List<String> first, String... rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all;
    }
}
