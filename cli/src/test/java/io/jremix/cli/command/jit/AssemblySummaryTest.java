package io.jremix.cli.command.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On PrintAssembly captured on this project's machine from {@link OrderingLoop} (CompileCommand=print on all its
 * methods, Intel syntax, Debian's libhsdis0-fcml through jremix's adapter): JDK 17's stdout, and a Temurin 25
 * HotSpot log file.
 */
class AssemblySummaryTest {
    /** The fixtures were recorded when OrderingLoop lived in the tools module, and are kept as recorded. */
    private static final String PREFIX = "io.jremix.tools.jit.OrderingLoop::";

    static String resource(String name) throws IOException {
        try (InputStream in = AssemblySummaryTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static AssemblySummary c2(List<AssemblySummary> all, String method) {
        return all.stream().filter(s -> s.method().equals(PREFIX + method) && s.tier() == 4 && !s.osr()).findFirst()
                .orElseThrow(() -> new AssertionError("no C2 compile of " + method + " in " + all));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17-stdout.txt", "jdk25-hotspot.log"})
    void countsWhatEachStoreCompilesTo(String sample) throws IOException {
        List<AssemblySummary> all = AssemblySummary.of(resource(sample));

        assertEquals(11, all.size(), AssemblySummary.table(all));
        assertEquals(1, c2(all, "publish").locked(), "volatile store: lock add [rsp-..],0 as the StoreLoad barrier");
        assertEquals(1, c2(all, "swap").xchgMemory());
        assertEquals(0, c2(all, "swap").locked());
        assertEquals(1, c2(all, "cas").locked(), "lock cmpxchg");
        assertEquals(0, c2(all, "store").barriers(), "a plain store needs no barrier");
        for (String m : List.of("publish", "swap", "cas")) {
            assertEquals(1, c2(all, m).barriers(), m);
            assertEquals(0, c2(all, m).fences(), m);
        }
        assertTrue(all.stream().allMatch(s -> s.instructions() > 20), AssemblySummary.table(all));
        assertTrue(all.stream().anyMatch(s -> s.osr() && s.method().equals(PREFIX + "main") && s.compiler().equals("c2")));
        assertTrue(all.stream().filter(s -> s.tier() == 3).allMatch(s -> s.compiler().equals("c1")));
    }

    @Test
    void headerGivesCompilerCompileIdAndTier() throws IOException {
        CompiledMethod m = CompiledMethod.parseAll(resource("jdk17-stdout.txt")).get(0);
        assertEquals(PREFIX + "publish", m.method());
        assertEquals("c1", m.compiler());
        assertEquals(8, m.compileId());
        assertEquals(3, m.tier());
        assertFalse(m.osr());
        assertTrue(m.listing().get(0).startsWith("Compiled method (c1)"), m.listing().get(0));
        assertEquals("[/Disassembly]", m.listing().get(m.listing().size() - 1));
        assertTrue(m.decoded());
    }

    @Test
    void rawBytesFromAJvmWithoutUsableHsdisAreNotDecoded() throws IOException {
        List<CompiledMethod> all = CompiledMethod.parseAll(resource("jdk17-abstract.txt"));
        assertEquals(11, all.size());
        assertTrue(all.stream().noneMatch(CompiledMethod::decoded));
        assertTrue(all.stream().allMatch(m -> m.instructions().isEmpty()));
    }

    @Test
    void tableHasOneRowPerCompiledMethod() throws IOException {
        String table = AssemblySummary.table(AssemblySummary.of(resource("jdk25-hotspot.log")));
        assertEquals(12, table.lines().count(), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("c2 +4 +\\d+ +\\d+ +0 +1 +0 +0/0 +" + PREFIX.replace("$", "\\$") + "swap")), table);
    }
}
