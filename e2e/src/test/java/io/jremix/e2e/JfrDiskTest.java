package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jremix's JFR recordings (the park profiler's monitor events, the re-armed windows' execution samples) never
 * end the program when the disk fills: JFR does, when it cannot write a chunk, so jremix checks the room before
 * it records and while it does. The program's {@code java.io.tmpdir} is a small tmpfs of the test's own.
 */
class JfrDiskTest {
    private static final String SERVICE = Jremix.PACKAGE + "LiveService";
    private static final String TMPDIR = "-Djava.io.tmpdir=";
    /** What JFR prints as it ends the JVM for want of room. */
    private static final String JFR_ABORT = "An irrecoverable error in Jfr";

    @TempDir
    Path dir;

    /** A tmpfs of 1 MB with nothing free. */
    private Tmpfs full() throws Exception {
        Path mountPoint = Files.createDirectory(dir.resolve("full"));
        Tmpfs fs = Tmpfs.mount(mountPoint, 1);
        fs.fill("fill", 0);
        return fs;
    }

    private static String noRoom(Tmpfs fs) {
        return "Monitor contention is not profiled: JFR would record to " + fs.dir() + ", which has 0 MB free";
    }

    @Test
    void startedOnAFullTmpdirTheProgramRunsOnWithParksProfiledAndNothingRecorded() throws Exception {
        try (Tmpfs fs = full();
             LiveProgram service = LiveProgram.start(List.of(TMPDIR + fs.dir(), "-XXgetparkcontention",
                     "-remix:detect", "-XX:REMIXWindow=1", "-XX:REMIXMaxWindow=1", "-XX:REMIXRearm=1",
                     "-XX:REMIXBudget=0"), SERVICE, "2")) {
            service.awaitErrorLine("PARK: " + noRoom(fs));
            service.awaitErrorLine("REMIX: JFR does not sample the running classes: JFR would record to " + fs.dir()
                    + ", which has 0 MB free");
            service.send("stop");
            Jremix.Run run = service.finish();
            AttachTest.assertServed(run);
            assertTrue(run.stderr().contains("PARK: Park contention at exit "), run.stderr());
            assertFalse(run.stderr().contains(JFR_ABORT), run.stderr());
            assertEquals(List.of("fill"), fs.names(), "no JFR repository");
        }
    }

    @Test
    void attachedToAServiceWithAFullTmpdirTheParkProfilerRunsWithoutMonitors() throws Exception {
        try (Tmpfs fs = full();
             LiveProgram service = LiveProgram.start(List.of(TMPDIR + fs.dir()), SERVICE, "2")) {
            service.awaitLine("serving");
            Jremix.Run park = AttachTest.attach(service.pid(), "-XXgetparkcontention");
            assertEquals(0, park.exit(), park.stdout() + park.stderr());
            assertTrue(park.stdoutLines().stream().anyMatch(l -> l.startsWith("PARK: " + noRoom(fs))), park.stdout());
            Jremix.Run stop = AttachTest.attach(service.pid(), "stop");
            assertEquals(0, stop.exit(), stop.stdout() + stop.stderr());
            assertTrue(stop.stdout().contains("PARK: Park contention at stop "), stop.stdout());
            service.send("stop");
            AttachTest.assertServed(service.finish());
            assertEquals(List.of("fill"), fs.names(), "no JFR repository");
        }
    }

    /**
     * The repository is jremix's own directory, owner-only, gone at exit; once less than 32 MB are left the
     * recording stops, and a disk filled up after that leaves the program alone.
     */
    @Test
    void theRepositoryIsOwnerOnlyAndTheRecordingStopsBeforeTheDiskFills() throws Exception {
        Path mountPoint = Files.createDirectory(dir.resolve("tmp"));
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 80);
             LiveProgram service = LiveProgram.start(List.of(TMPDIR + fs.dir(), "-XXgetparkcontention"), SERVICE,
                     "2")) {
            service.awaitLine("serving");
            List<String> names = fs.names();
            assertEquals(1, names.size(), names.toString());
            assertTrue(names.get(0).startsWith("jremix-jfr-"), names.toString());
            assertEquals("rwx------", PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(fs.dir().resolve(names.get(0)))));

            fs.fill("fill", 20);
            service.awaitErrorLine("PARK: Monitor profiling stopped: less than 32 MB are left free in "
                    + fs.dir().resolve(names.get(0)));
            fs.fill("fill", 0);
            service.send("stop");
            Jremix.Run run = service.finish();
            AttachTest.assertServed(run);
            assertFalse(run.stderr().contains(JFR_ABORT), run.stderr());
            assertEquals(List.of("fill"), fs.names(), "the repository is removed at exit");
        }
    }
}
