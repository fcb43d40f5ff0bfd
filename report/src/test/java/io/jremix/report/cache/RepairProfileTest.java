package io.jremix.report.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.core.cache.repair.PaddedClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepairProfileTest {
    private static final PaddedClass RING = new PaddedClass("a.Ring", List.of(List.of("head"), List.of("tail")));
    private static final PaddedClass LONG = new PaddedClass("a.VolatileLong", List.of(List.of("value")));

    @Test
    void missingFileIsAnEmptyProfile(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), RepairProfile.read(dir.resolve("none.json")).entries());
    }

    @Test
    void writtenProfileReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.json");
        RepairProfile p = new RepairProfile(List.of()).merge(List.of(RING, LONG), name -> null, "2026-11-22");
        p.write(file);
        assertEquals(p, RepairProfile.read(file));
        assertTrue(Files.readString(file).contains("\"format\": \"jremix-repair-profile\""));
    }

    @Test
    void mergeReplacesFoundClassesCountsRunsAndKeepsTheOthers() {
        RepairProfile first = new RepairProfile(List.of()).merge(List.of(RING, LONG), name -> null, "2026-11-21");
        PaddedClass regrouped = new PaddedClass("a.Ring", List.of(List.of("head", "tail")));
        RepairProfile second = first.merge(List.of(regrouped), name -> null, "2026-11-22");
        assertEquals(List.of(new RepairProfile.Entry(regrouped, 2, "2026-11-22", null),
                new RepairProfile.Entry(LONG, 1, "2026-11-21", null)), second.entries());
    }

    private static final ObjectLayout RING_LAYOUT = new ObjectLayout(12, 32, List.of(
            new ObjectLayout.Field("head", "long", 16, 8), new ObjectLayout.Field("tail", "long", 24, 8)));

    @Test
    void layoutsOfFoundClassesAreKeptAndReadBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.json");
        RepairProfile p = new RepairProfile(List.of()).merge(List.of(RING, LONG),
                name -> name.equals("a.Ring") ? RING_LAYOUT : null, "2026-11-22");
        p.write(file);
        RepairProfile read = RepairProfile.read(file);
        assertEquals(p, read);
        assertEquals(RING_LAYOUT, read.layout("a.Ring"));
        assertNull(read.layout("a.VolatileLong"));
        assertTrue(Files.readString(file).contains("\"layout\": {"), Files.readString(file));
    }

    @Test
    void aRunThatDoesNotKnowTheLayoutKeepsTheOldOne() {
        RepairProfile first = new RepairProfile(List.of()).merge(List.of(RING), name -> RING_LAYOUT, "2026-11-21");
        assertEquals(RING_LAYOUT, first.merge(List.of(RING), name -> null, "2026-11-22").layout("a.Ring"));
        ObjectLayout moved = new ObjectLayout(12, 24, List.of(new ObjectLayout.Field("head", "long", 16, 8)));
        assertEquals(moved, first.merge(List.of(RING), name -> moved, "2026-11-22").layout("a.Ring"));
    }

    /** A profile of an earlier jremix, without layouts, and one with a layout it cannot read, still pad. */
    @Test
    void profilesWithoutOrWithBrokenLayoutsStillLoad(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.json");
        for (String layout : List.of("", ", \"layout\": {\"fields\": \"x\"}", ", \"layout\": 7")) {
            Files.writeString(file, "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": ["
                    + "{\"className\": \"a.Ring\", \"groups\": [[\"head\"], [\"tail\"]], \"runs\": 1,"
                    + " \"lastFound\": \"2026-11-22\"" + layout + "}]}");
            RepairProfile p = RepairProfile.read(file);
            assertEquals(List.of(new RepairProfile.Entry(RING, 1, "2026-11-22", null)), p.entries(), layout);
        }
    }

    @Test
    void corruptForeignAndStaleProfilesAreRefusedWithOneLine(@TempDir Path dir) throws IOException {
        for (String text : List.of("{not json", "{\"format\": \"something-else\", \"version\": 1}",
                "{\"format\": \"jremix-repair-profile\", \"version\": 2, \"classes\": []}",
                "{\"format\": \"jremix-repair-profile\", \"version\": 1, \"classes\": [{\"className\": 3}]}",
                "[1, 2]")) {
            Path file = dir.resolve("p.json");
            Files.writeString(file, text);
            RepairProfile.UnusableProfileException e = assertThrows(RepairProfile.UnusableProfileException.class,
                    () -> RepairProfile.read(file), text);
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }

    /** What a tester gave as a profile: each is one short line, and nothing is read from a device or a FIFO. */
    @Test
    void hostileFilesAreRefusedWithOneShortLine(@TempDir Path dir) throws IOException {
        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "[".repeat(5000) + "]".repeat(5000));
        assertEquals("not valid JSON (JSON: nested deeper than 100 at offset 100)", refusal(deep));
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', (byte) 0xe9, '"', '}'});
        assertEquals("not UTF-8: byte 0xe9 at offset 2 (line 1)", refusal(latin1));
        assertEquals("not a regular file (a FIFO, device or socket), which jremix does not read",
                refusal(Path.of("/dev/zero")));
        Path version = dir.resolve("version.json");
        Files.writeString(version, "{\"format\": \"jremix-repair-profile\", \"version\": \"" + "9".repeat(100_000) + "\"}");
        assertEquals("profile version " + "9".repeat(60) + "..., this jremix reads version 1", refusal(version));
    }

    private static String refusal(Path file) {
        return assertThrows(RepairProfile.UnusableProfileException.class, () -> RepairProfile.read(file)).getMessage();
    }
}
