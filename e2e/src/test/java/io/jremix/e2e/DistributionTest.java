package io.jremix.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution {@code mvn package} builds (dist/), unpacked where the source checkout is not, runs from any
 * working directory: its bin/jremix finds the jars in its own lib/, never the modules' target/ directories.
 */
class DistributionTest {
    /** dist/target/jremix-VERSION.tar.gz, named by the build (e2e's pom). */
    private static final Path TAR = Path.of(System.getProperty("jremix.distribution"));
    private static final String TOP = TAR.getFileName().toString().replace(".tar.gz", "") + "/";

    @TempDir
    static Path unpacked;
    private static Path jremix;

    @BeforeAll
    static void unpack() throws Exception {
        jremix = unpack(unpacked).resolve("bin/jremix");
    }

    /** Unpacks the tar into {@code dir} and returns its top directory, jremix-VERSION. */
    static Path unpack(Path dir) throws Exception {
        Jremix.Run tar = Jremix.exec(List.of("tar", "-xzf", TAR.toString(), "-C", dir.toString()));
        assertEquals(0, tar.exit(), tar.stderr());
        return dir.resolve(TOP);
    }

    @Test
    void theTarAndTheZipHoldTheSameFiles() throws Exception {
        Jremix.Run list = Jremix.exec(List.of("tar", "-tzf", TAR.toString()));
        assertEquals(0, list.exit(), list.stderr());
        Set<String> tar = new TreeSet<>(list.stdout().lines().filter(f -> !f.endsWith("/")).toList());
        Set<String> zip = new TreeSet<>();
        Path zipFile = TAR.resolveSibling(TAR.getFileName().toString().replace(".tar.gz", ".zip"));
        try (ZipFile z = new ZipFile(zipFile.toFile())) {
            for (ZipEntry e : Collections.list(z.entries())) {
                if (!e.isDirectory()) {
                    zip.add(e.getName());
                }
            }
        }
        assertEquals(tar, zip);
        for (String f : List.of("bin/jremix", "bin/jremix.cmd", "bin/demo", "lib/jremix-cli.jar", "lib/jremix-agent.jar",
                "lib/jremix-boot.jar", "lib/jremix-agent-dump.jar", "lib/jremix-relaxed.jar", "lib/jremix-scheduler.jar",
                "lib/jremix-jmh.jar",
                "examples/jremix-workloads.jar", "README.md", "LICENSE", "CHANGELOG.md", "docs/options.md",
                "conf/jremix-prometheus.yaml")) {
            assertTrue(tar.contains(TOP + f), f + " in " + tar);
        }
        assertTrue(Files.isExecutable(jremix));
    }

    @Test
    void runsThroughALinkFromAnotherDirectory(@TempDir Path elsewhere) throws Exception {
        Path link = Files.createSymbolicLink(elsewhere.resolve("jremix"), jremix);
        Jremix.Run run = Jremix.exec(List.of(link.toString(), "-version"), elsewhere);
        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stderr().contains(" version \""), run.stderr());
    }

    @Test
    void theCommandsRunFromTheCliJar(@TempDir Path elsewhere) throws Exception {
        Jremix.Run run = Jremix.exec(List.of(jremix.toString(), "jit"), elsewhere);
        assertEquals(2, run.exit(), "bad arguments, not a missing class: " + run.stderr());
        assertTrue(run.stderr().startsWith("Usage: bin/jremix jit"), run.stderr());
        Jremix.Run signal = Jremix.exec(List.of(jremix.toString(), "signal", "--help"), elsewhere);
        assertEquals(0, signal.exit(), signal.stderr());
        assertTrue(signal.stdout().startsWith("Usage: bin/jremix signal"), signal.stdout());
        Jremix.Run doctor = Jremix.exec(List.of(jremix.toString(), "doctor", "--help"), elsewhere);
        assertEquals(0, doctor.exit(), doctor.stderr());
        Jremix.Run report = Jremix.exec(List.of(jremix.toString(), "report", "--help"), elsewhere);
        assertEquals(0, report.exit(), report.stderr());
        assertTrue(report.stdout().startsWith("Usage: bin/jremix report"), report.stdout());
    }

    @Test
    void theAgentJarHoldsOnlyWhatRunsInTheProgram() throws Exception {
        try (ZipFile agent = new ZipFile(unpacked.resolve(TOP + "lib/jremix-agent.jar").toFile())) {
            List<String> commands = Collections.list(agent.entries()).stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("io/jremix/cli/") || n.contains("/doctor/") || n.contains("Main.class")
                            || n.startsWith("org/HdrHistogram/"))
                    .toList();
            assertEquals(List.of(), commands);
            assertTrue(agent.getEntry("io/jremix/options/Spec.class") != null, "the option spec is shaded in");
        }
    }
}
