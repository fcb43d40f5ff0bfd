package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The litmus suite with and without {@code -XX:+VBD}. Under VBD no forbidden outcome may appear in millions of trials.
 * Without it, the outcomes x86 and the JIT allow must appear (store buffering through fields and array elements, a
 * hoisted spin loop), which shows each test can fail. Message passing, IRIW, 64-bit atomicity and safe publication (of
 * fields VBD orders, and of effectively final ones it reads plainly) cannot fail on x86-64 HotSpot (TSO keeps stores
 * and loads in order and is multi-copy atomic; 64-bit values move whole; C2 does not reorder these stores): they run
 * both ways, and are asserted under VBD only.
 */
class LitmusTest {
    private static final String ALL = "sb-fields,sb-arrays,mp,iriw,atomicity,publication,publication-final";
    private static final List<String> CASES = List.of(ALL.split(","));
    private static LitmusResults plain;
    private static LitmusResults vbd;

    @BeforeAll
    static void runBothWays() throws Exception {
        plain = LitmusResults.run(List.of(), ALL + ",spin", 500_000);
        vbd = LitmusResults.run(List.of("-XX:+VBD", "-XX:+VBDVerbose"), ALL + ",spin", 2_000_000);
        for (String c : CASES) {
            System.out.println("plain " + plain.histogram(c));
            System.out.println("VBD   " + vbd.histogram(c));
        }
        System.out.println("plain spin " + plain.spin() + ", VBD spin " + vbd.spin());
        System.out.println(vbd.run().stderr());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sb-fields", "sb-arrays", "mp", "iriw", "atomicity", "publication", "publication-final"})
    void forbiddenOutcomesNeverAppearUnderVbd(String test) {
        long minimum = test.equals("iriw") ? 500_000 : 2_000_000;
        assertTrue(vbd.trials().get(test) >= minimum, vbd.histogram(test));
        assertEquals(0L, vbd.forbidden().get(test), vbd.histogram(test));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sb-fields", "sb-arrays"})
    void storeBufferingIsObservedWithoutVbd(String test) {
        assertTrue(plain.forbidden().get(test) > 0, "the test can fail: " + plain.histogram(test));
    }

    @Test
    void plainSpinLoopIsHoistedAndHangsButEndsUnderVbd() {
        assertEquals("hung", plain.spin().get("spin"));
        assertEquals("terminated", vbd.spin().get("spin"));
    }

    @Test
    void casesX86CannotFailRanWithoutVbdToo() {
        for (String test : List.of("mp", "iriw", "atomicity", "publication", "publication-final")) {
            assertTrue(plain.trials().get(test) >= 125_000, plain.histogram(test));
        }
    }

    @Test
    void vbdReportsWhatItRewrote() {
        List<String> report = vbd.run().stderrLines();
        assertTrue(report.stream().anyMatch(l -> l.matches("VBD: Rewrote \\d+ classes: \\d+ field sites, "
                + "\\d+ array sites, \\d+ Unsafe/VarHandle sites, \\d+ fences added, \\d+ constructor accesses before"
                + " publication, \\d+ effectively final fields read plainly\\.")),
                vbd.run().stderr());
        assertTrue(report.stream().anyMatch(l -> l.matches("VBD: \\d+ classes loaded before the agent and \\d+ JDK"
                + " classes loaded later are relaxed library code \\(plain Java memory model\\)\\.")), vbd.run().stderr());
        assertTrue(report.stream().noneMatch(l -> l.startsWith("VBD: Could not rewrite")), vbd.run().stderr());
    }

    /** publication-final tests what it says: the fields it reads were found effectively final, and read plainly. */
    @Test
    void publicationFinalReadsEffectivelyFinalFields() {
        assertTrue(vbd.run().stderrLines().stream().anyMatch(l -> l.matches("VBD: rewrote io\\.jremix\\.workloads"
                + "\\.vbd\\.PublishedOnce: .*, 2 effectively final fields")), vbd.run().stderr());
    }
}
