package io.jremix.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/jremix report}: a saved JSON report in, its HTML page out; failures are one line and exit code 2. */
class ReportCommandTest {

    @Test
    void writesThePageBesideTheJson(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("run.json"), "{\"report\": \"volatile-by-default\"}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, ReportCommand.run(List.of(json.toString()), print(out), print(new ByteArrayOutputStream())));
        assertTrue(Files.readString(dir.resolve("run.html")).contains("volatile-by-default"));
        assertEquals("jremix: wrote " + dir.resolve("run.html"), out.toString(StandardCharsets.UTF_8).strip());
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

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
