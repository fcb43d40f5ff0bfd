package io.jremix.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jremix report}: a saved JSON report in, its HTML page (or collapsed stacks) out; failures are one line
 * and exit code 2.
 */
class ReportCommandTest {

    @Test
    void writesThePageBesideTheJson(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("run.json"), "{\"report\": \"volatile-by-default\"}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, ReportCommand.run(List.of(json.toString()), print(out), print(new ByteArrayOutputStream())));
        assertTrue(Files.readString(dir.resolve("run.html")).contains("volatile-by-default"));
        assertEquals("jremix: wrote " + dir.resolve("run.html"), out.toString(StandardCharsets.UTF_8).strip());
    }

    /** The output's name picks its format: a park report's collapsed stacks for {@code .collapsed}. */
    @Test
    void writesCollapsedStacksForAnOutputSoNamed(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("park.json"), "{\"report\": \"park-contention\", \"blockers\": [{"
                + "\"className\": \"a.Lock\", \"stackTrace\": [\"Lock.park\", \"Main.main\"], \"parkThreadTimeMs\": 1.5}]}");
        Path collapsed = dir.resolve("park.collapsed");
        assertEquals(0, ReportCommand.run(List.of(json.toString(), "-o", collapsed.toString()),
                print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream())));
        assertEquals("a.Lock;Main.main;Lock.park 1500\n", Files.readString(collapsed));

        Path vbd = Files.writeString(dir.resolve("vbd.json"), "{\"report\": \"volatile-by-default\"}");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(ReportCommand.FAILED, ReportCommand.run(List.of(vbd.toString(), "-o", dir.resolve("v.collapsed")
                .toString()), print(new ByteArrayOutputStream()), print(err)));
        assertEquals("jremix: error: " + vbd + ": collapsed stacks are written for park-contention and cache-contention"
                + " reports, not for 'volatile-by-default'", err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void failuresAreOneLineAndExitCode2(@TempDir Path dir) throws Exception {
        Path profile = Files.writeString(dir.resolve("profile.json"), "{\"format\": \"jremix-repair-profile\"}");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"report\": ");
        for (List<String> args : List.of(List.of(profile.toString()), List.of(broken.toString()),
                List.of(dir.resolve("none.json").toString()), List.of(profile.toString(), "-x", "y"))) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(ReportCommand.FAILED, ReportCommand.run(args, print(new ByteArrayOutputStream()), print(err)));
            assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("jremix: error: "), args + ": " + err);
        }
        assertFalse(Files.exists(dir.resolve("profile.html")), "nothing written for a document that is not a report");
    }

    /** What a tester gave it: each is one short line and exit code 2, and no file is read that would not end. */
    @Test
    void hostileFilesAreOneShortLine(@TempDir Path dir) throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
        assertEquals(deep + ": JSON: nested deeper than 100 at offset 100", failure(deep));
        Path latin1 = Files.write(dir.resolve("latin1.json"), new byte[] {'{', '"', (byte) 0xe9, '"', '}'});
        assertEquals(latin1 + ": not UTF-8: byte 0xe9 at offset 2 (line 1)", failure(latin1));
        Path zero = Path.of("/dev/zero");
        assertEquals(zero + ": not a regular file (a FIFO, device or socket), which jremix does not read", failure(zero));
        Path fifo = dir.resolve("fifo");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            assertEquals(fifo + ": not a regular file (a FIFO, device or socket), which jremix does not read",
                    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> failure(fifo)));
        }
        Path line = Files.writeString(dir.resolve("line.json"), "{\"report\": " + "7".repeat(2_000_000) + "x");
        assertEquals(line + ": JSON: bad number '" + "7".repeat(60) + "...' at offset 2000011", failure(line));
    }

    /** The one line a failed run printed, without its prefix. */
    private static String failure(Path json) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(ReportCommand.FAILED, ReportCommand.run(List.of(json.toString()),
                print(new ByteArrayOutputStream()), print(err)));
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("jremix: error: "), lines.get(0));
        return lines.get(0).substring("jremix: error: ".length());
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
