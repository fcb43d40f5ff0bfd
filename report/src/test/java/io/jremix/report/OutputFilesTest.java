package io.jremix.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.options.OptionException;
import io.jremix.options.Output;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {
    @TempDir
    Path dir;

    private static String refusal(Path a, Path b) {
        return assertThrows(OptionException.class, () -> OutputFiles.check(List.of(
                new Output("-XX:REMIXReport=A", a, ""), new Output("-XX:VBDReport=B", b, "")))).getMessage();
    }

    @Test
    void twoOutputsOfOnePathAreRefusedNamingBoth() {
        assertEquals("'-XX:REMIXReport=A' and '-XX:VBDReport=B' name the same file, " + dir.resolve("r.json")
                + ": give each output a file of its own", refusal(dir.resolve("r.json"), dir.resolve("r.json")));
    }

    @Test
    void theSameFileIsFoundThroughDotDotAndLinkedDirectories() throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Files.createDirectory(real.resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        String same = " name the same file, " + real.resolve("r.json") + ": give each output a file of its own";

        assertEquals("'-XX:REMIXReport=A' and '-XX:VBDReport=B'" + same,
                refusal(real.resolve("r.json"), real.resolve("sub/../r.json")));
        assertEquals("'-XX:REMIXReport=A' and '-XX:VBDReport=B'" + same, refusal(link.resolve("r.json"),
                real.resolve("r.json")));
        assertEquals("'-XX:REMIXReport=A' and '-XX:VBDReport=B'" + same, refusal(link.resolve("sub/../r.json"),
                dir.resolve("real/./r.json")));
    }

    @Test
    void anExistingFileIsKnownUnderAnotherName() throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"), "{}");
        Path hardLink = Files.createLink(dir.resolve("hard.json"), file);
        Path symbolicLink = Files.createSymbolicLink(dir.resolve("soft.json"), file);
        assertTrue(refusal(file, hardLink).contains("' name the same file, "), refusal(file, hardLink));
        assertEquals(true, OutputFiles.same(file, hardLink));
        assertEquals(true, OutputFiles.same(symbolicLink, file));
        assertEquals(false, OutputFiles.same(file, dir.resolve("other.json")));
    }

    @Test
    void distinctWritableOutputsPass() throws Exception {
        Files.createDirectory(dir.resolve("a"));
        OutputFiles.check(List.of(new Output("-XX:REMIXReport=a", dir.resolve("a.json"), ""),
                new Output("-XX:VBDReport=b", dir.resolve("b.json"), ""),
                new Output("-XX:REMIXProfile=a", dir.resolve("a/../a/a.json"), "")));
    }

    @Test
    void anOutputThatCannotBeWrittenIsRefusedWithItsOptionAndNote() {
        OptionException e = assertThrows(OptionException.class, () -> OutputFiles.check(List.of(
                new Output("-XX:REMIXProfile=p.json", dir.resolve("missing/p.json"), "why it is written"))));
        assertEquals("cannot write '-XX:REMIXProfile=p.json': directory " + dir.resolve("missing")
                + " does not exist; why it is written", e.getMessage());
    }
}
