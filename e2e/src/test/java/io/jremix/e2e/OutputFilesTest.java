package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file jremix writes is checked before the program starts: a path it could not write, a name the file system
 * cannot hold, or two outputs of one file stop the JVM with one line and exit code 2, and the check leaves nothing
 * behind. A report whose directory goes away during the run is written to a file of its own, named on stderr, so the
 * run's data is not lost.
 */
@Tag(Jremix.SAME_ON_EVERY_JDK)
class OutputFilesTest {
    private static final String EXIT_WITH = "io.jremix.workloads.ExitWith";
    private static final String SHORT_LIVED = "io.jremix.workloads.park.ShortLivedBlockers";
    /** Every option that names a file jremix writes. */
    private static final List<String> OUTPUT_OPTIONS = List.of("-XX:REMIXReport=", "-XX:REMIXProfile=",
            "-XXgetparkcontention:report=");
    private static final String PROFILE_NOTE = "-remix and -remix:detect add their findings to the profile at exit;"
            + " without them a run only reads it";
    private static final Pattern FALLBACK = Pattern.compile("could not write (.+) \\((.+)\\); wrote the report to (.+) instead");

    @TempDir
    Path dir;

    /** Each output option with each kind of path that cannot be written, and the reason the line must give. */
    static Stream<Arguments> unwritable() {
        return OUTPUT_OPTIONS.stream().flatMap(option -> Stream.of(
                Arguments.of(option, "missing/r.json", "directory .*/missing does not exist"),
                Arguments.of(option, "file/r.json", ".*/file is not a directory"),
                Arguments.of(option, "subdir", "it is a directory"),
                // nobody, not even root, can create a file in /proc: a directory that is not writable
                Arguments.of(option, "/proc/r.json", "directory /proc is not writable \\(.+\\)")));
    }

    @ParameterizedTest(name = "{0}{1}")
    @MethodSource("unwritable")
    void anUnwritableOutputStopsTheJvmBeforeTheProgram(String option, String path, String reason) throws Exception {
        Files.writeString(dir.resolve("file"), "a file, not a directory");
        Files.createDirectory(dir.resolve("subdir"));
        String file = path.startsWith("/") ? path : dir.resolve(path).toString();

        Jremix.Run run = Jremix.workload(List.of("-remix:detect", option + file), EXIT_WITH, "0", "ran");

        assertEquals(2, run.exit(), run.stderr());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(1, run.stderrLines().size(), run.stderr());
        String line = run.stderrLines().get(0);
        String note = option.equals("-XX:REMIXProfile=") ? "; " + Pattern.quote(PROFILE_NOTE) : "";
        assertTrue(line.matches("jremix: error: cannot write '" + Pattern.quote(option + file) + "': " + reason + note
                + " \\(see bin/jremix --help\\)"), line);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("file", "subdir"), left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the check leaves no file behind");
        }
    }

    /** The cache report, named {@code .collapsed}, is written at exit as collapsed stacks (no finding: none). */
    @Test
    void theCheckOfAWritableOutputLeavesOnlyTheOutput() throws Exception {
        List<String> options = OUTPUT_OPTIONS.stream().map(o -> o + dir.resolve("out" + OUTPUT_OPTIONS.indexOf(o)
                + (o.equals("-XX:REMIXReport=") ? ".collapsed" : ".json"))).toList();
        Jremix.Run run = Jremix.workload(Stream.concat(Stream.of("-remix:detect"), options.stream()).toList(),
                EXIT_WITH, "0", "ran");

        assertEquals(0, run.exit(), run.stderr());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("out0.collapsed", "out1.json", "out2.json"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals("", Files.readString(dir.resolve("out0.collapsed")), run.stderr());
        assertFalse(run.stderr().contains("could not render"), run.stderr());
    }

    /** A VBD report has no stacks: a name ending in {@code .collapsed} is refused before the program starts. */
    @Test
    void aVbdReportCannotBeCollapsedStacks() throws Exception {
        String option = "-XX:VBDReport=" + dir.resolve("vbd.collapsed");
        Jremix.Run run = Jremix.workload(List.of("-XX:+VBD", option), EXIT_WITH, "0", "ran");
        assertEquals(2, run.exit(), run.stderr());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(List.of("jremix: error: bad value in '" + option + "': a VBD report has no stacks to collapse:"
                + " name it .json or .html (see bin/jremix --help)"), run.stderrLines());
    }

    /** Of two outputs of one file, the later written would replace the other: refused by the launcher and the agent. */
    @Test
    void twoOutputsOfOneFileStopTheJvmBeforeTheProgram() throws Exception {
        Path report = dir.resolve("r.json");
        Files.createDirectory(dir.resolve("sub"));
        Files.createSymbolicLink(dir.resolve("link"), dir);
        for (List<String> pair : List.of(
                List.of("-XX:REMIXReport=" + report, "-XX:REMIXProfile=" + dir.resolve("sub/../r.json")),
                List.of("-XXgetparkcontention:rows=3,report=" + report, "-XX:VBDReport=" + dir.resolve("link/r.json")),
                List.of("-XX:REMIXReport=" + report, "-XX:VBDReport=" + dir.resolve("./r.json")))) {
            Jremix.Run run = Jremix.workload(Stream.concat(Stream.of("-remix:detect"), pair.stream()).toList(),
                    EXIT_WITH, "0", "ran");

            assertEquals(2, run.exit(), run.stderr());
            assertEquals("", run.stdout(), "the program must not start");
            String first = pair.get(0).replace("rows=3,", "");
            assertEquals(List.of("jremix: error: '" + first + "' and '" + pair.get(1) + "' name the same file, "
                    + report + ": give each output a file of its own (see bin/jremix --help)"), run.stderrLines());
        }
        String agent = Jremix.HOME.resolve("agent/target/jremix-agent.jar").toString();
        Jremix.Run direct = Jremix.exec(List.of(Jremix.java(), "-javaagent:" + agent + "=-remix:detect,-XX:REMIXReport="
                + report + ",-XX:REMIXProfile=" + report, "-cp", Jremix.WORKLOADS.toString(), EXIT_WITH, "0", "ran"));
        assertEquals(2, direct.exit(), direct.stderr());
        assertEquals(List.of("jremix: error: '-XX:REMIXReport=" + report + "' and '-XX:REMIXProfile=" + report
                + "' name the same file, " + report + ": give each output a file of its own (see bin/jremix --help)"),
                direct.stderrLines(), "the agent checks without the launcher");
        assertEquals(List.of("link", "sub"), names(dir));
    }

    /** NAME_MAX on Linux is 255 bytes: the name fits in a path, but no file can have it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("outputOptions")
    void aNameTheFileSystemCannotHoldStopsTheJvmBeforeTheProgram(String option) throws Exception {
        Path file = dir.resolve("r".repeat(300) + ".json");
        Jremix.Run run = Jremix.workload(List.of("-remix:detect", option + file), EXIT_WITH, "0", "ran");

        assertEquals(2, run.exit(), run.stderr());
        assertEquals("", run.stdout(), "the program must not start");
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderrLines().get(0).startsWith("jremix: error: cannot write '" + option + file + "': the name"
                + " is too long for the file system (305 bytes, "), run.stderr());
        assertEquals(List.of(), names(dir));
    }

    static Stream<String> outputOptions() {
        return OUTPUT_OPTIONS.stream();
    }

    /**
     * A profile on a read-only file system (an image's, a mounted config's) pads a run that only reads it; a run
     * that would add its findings to it is refused. Root writes through permissions, so the file system is a
     * read-only tmpfs.
     */
    @Test
    void aReadOnlyProfilePadsAndARunThatWouldWriteItIsRefused() throws Exception {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        assumeTrue(Jremix.exec(List.of("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", ro.toString())).exit() == 0,
                "mounting a tmpfs is not permitted here: the read-only profile is not tested");
        try {
            String profile = "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": []}";
            Path file = Files.writeString(ro.resolve("profile.json"), profile);
            assertEquals(0, Jremix.exec(List.of("mount", "-o", "remount,ro", ro.toString())).exit());

            Jremix.Run pads = Jremix.workload(List.of("-XX:REMIXProfile=" + file), EXIT_WITH, "0", "ran");
            assertEquals(0, pads.exit(), pads.stderr());
            assertEquals(List.of("0", "ran"), pads.stdoutLines());
            assertTrue(pads.stderrLines().stream().noneMatch(l -> l.startsWith("jremix: error")), pads.stderr());

            Jremix.Run learns = Jremix.workload(List.of("-remix:detect", "-XX:REMIXProfile=" + file), EXIT_WITH, "0");
            assertEquals(2, learns.exit(), learns.stderr());
            assertEquals("", learns.stdout(), "the program must not start");
            assertEquals(1, learns.stderrLines().size(), learns.stderr());
            assertTrue(learns.stderrLines().get(0).matches("jremix: error: cannot write '-XX:REMIXProfile="
                    + Pattern.quote(file.toString()) + "': directory " + Pattern.quote(ro.toString()) + " is not"
                    + " writable \\(.+\\); " + Pattern.quote(PROFILE_NOTE) + " \\(see bin/jremix --help\\)"),
                    learns.stderr());
            assertEquals(profile, Files.readString(file));
        } finally {
            assertEquals(0, Jremix.exec(List.of("umount", ro.toString())).exit());
        }
    }

    /** A comma ends a sub-option of -XXgetparkcontention, except in quotes. */
    @Test
    void aParkReportWhoseNameHasACommaIsGivenInQuotes() throws Exception {
        Path report = dir.resolve("park, run 1.json");
        Jremix.Run run = Jremix.workload(List.of("-XXgetparkcontention:report=\"" + report + "\",rows=1"), EXIT_WITH,
                "0", "ran");

        assertEquals(0, run.exit(), run.stderr());
        assertEquals("park-contention", Jremix.json(report).get("report"));
        assertEquals(List.of("park, run 1.json"), names(dir));
    }

    /** A running program's outputs are in use: an attach or a dump that names one is refused to the client. */
    @Test
    void anAttachOrDumpNamingAFileTheProgramWritesIsRefused() throws Exception {
        Path report = dir.resolve("park.json");
        try (LiveProgram service = LiveProgram.start(List.of("-XXgetparkcontention:report=" + report),
                Jremix.PACKAGE + "LiveService", "1")) {
            service.awaitLine("serving");
            String inUse = " names a file that jremix already writes in this program, for '-XXgetparkcontention:report="
                    + report + "': give it a file of its own";

            Jremix.Run attach = AttachTest.attach(service.pid(), "-remix:detect", "-XX:REMIXReport=" + report);
            assertEquals(2, attach.exit(), attach.stdout() + attach.stderr());
            assertEquals(List.of("jremix: error: '-XX:REMIXReport=" + report + "'" + inUse), attach.stderrLines());
            Jremix.Run dump = AttachTest.attach(service.pid(), "dump", report.toString());
            assertEquals(2, dump.exit(), dump.stdout() + dump.stderr());
            assertEquals(List.of("jremix: error: dump's file " + report + inUse), dump.stderrLines());

            service.send("stop");
            assertEquals(0, service.finish().exit());
        }
        assertEquals("park-contention", Jremix.json(report).get("report"), "the program's own report, at exit");
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void reportsWhoseDirectoryWentAwayDuringTheRunAreWrittenElsewhereAndNamed() throws Exception {
        Path gone = Files.createDirectory(dir.resolve("gone"));
        Path cacheReport = gone.resolve("cache.json");
        Path parkReport = gone.resolve("park.json");
        Path profile = gone.resolve("profile.json");
        Jremix.Run run;
        try (LiveProgram program = LiveProgram.start(List.of("-remix:detect", "-XX:REMIXReport=" + cacheReport,
                "-XX:REMIXProfile=" + profile, "-XXgetparkcontention:report=" + parkReport), SHORT_LIVED, "10", "wait")) {
            program.awaitLine("collected ");
            Files.delete(gone);
            program.send("stop");
            run = program.finish();
        }

        assertEquals(0, run.exit(), run.stderr());
        Map<String, Object> cache = Jremix.json(fallback(run, "REMIX: ", cacheReport));
        assertTrue(cache.containsKey("findings"), cache.toString());
        Map<String, Object> park = Jremix.json(fallback(run, "PARK: ", parkReport));
        assertTrue(park.containsKey("blockers"), park.toString());
        String note = "REMIX: Profile " + profile + ": could not be written (no such file); wrote it to ";
        String line = run.stderrLines().stream().filter(l -> l.startsWith(note)).findFirst()
                .orElseThrow(() -> new AssertionError(run.stderr()));
        Path copy = Path.of(line.substring(note.length(), line.indexOf(" instead,")));
        try {
            assertEquals("jremix-repair-profile", Jremix.json(copy).get("format"));
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /** The file the line on stderr names for {@code report}, which it says could not be written; read, then deleted. */
    private static Path fallback(Jremix.Run run, String prefix, Path report) throws Exception {
        for (String line : run.stderrLines()) {
            Matcher m = FALLBACK.matcher(line);
            if (line.startsWith(prefix) && m.find() && m.group(1).equals(report.toString())) {
                assertEquals("no such file", m.group(2), line);
                Path copy = Path.of(m.group(3));
                Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
                assertTrue(copy.startsWith(tmp), "in java.io.tmpdir: " + copy);
                assertTrue(copy.getFileName().toString().matches("jremix-" + report.getFileName().toString()
                        .replace(".json", "") + "-.*\\.json"), copy.toString());
                copy.toFile().deleteOnExit();
                return copy;
            }
        }
        throw new AssertionError("no fallback named for " + report + ":\n" + run.stderr());
    }
}
