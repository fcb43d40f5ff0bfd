package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;

/**
 * VBD rewrites the program's classes whatever their package: {@code com.sun.example.ComSunSpin}, loaded from the class
 * path, is the program's code as much as its twin {@code com.example.Spin}, since the JDK's code is decided by the
 * loader that defines a class, not by its name. Each spins on a plain flag until another thread sets it. Without VBD
 * C2 hoists the flag's load and the loop hangs (the workload gives it a few seconds, then reports it hung and ends);
 * under {@code -XX:+VBD} the flag is volatile and the loop ends, in both packages alike.
 */
class ProgramPackagesTest {
    private static final String COM_SUN = "com.sun.example.ComSunSpin";
    private static final String COM = "com.example.Spin";
    /** Two seconds to compile the loop before the flag is set, four more for the loop to see it. */
    private static final String[] TIMES = {"2000", "4000"};

    private static Jremix.Run spin(List<String> options, String main) throws Exception {
        Jremix.Run run = Jremix.main(options, Jremix.WORKLOADS.toString(), main, TIMES);
        assertEquals(0, run.exit(), run.stderr());
        return run;
    }

    @Test
    void aSpinLoopInAComSunPackage_hangsWithoutVbd() throws Exception {
        Jremix.Run run = spin(List.of(), COM_SUN);
        assertEquals("SPIN hung", run.stdout().strip(), "the test can fail: C2 hoisted the plain flag's load");
    }

    @Test
    void aSpinLoopInAComSunPackage_endsUnderVbd_asInAnyOtherPackage() throws Exception {
        Jremix.Run comSun = spin(List.of("-XX:+VBD", "-XX:+VBDVerbose"), COM_SUN);
        Jremix.Run com = spin(List.of("-XX:+VBD", "-XX:+VBDVerbose"), COM);

        assertEquals("SPIN terminated", comSun.stdout().strip(), comSun.stderr());
        assertEquals("SPIN terminated", com.stdout().strip(), com.stderr());
        for (String main : List.of(COM_SUN, COM)) {
            List<String> err = (main.equals(COM) ? com : comSun).stderrLines();
            assertTrue(err.stream().anyMatch(l -> l.startsWith("VBD: rewrote " + main + "$Flag: ")),
                    "the flag's class is rewritten:\n" + String.join("\n", err));
            assertTrue(err.stream().anyMatch(l -> l.startsWith("VBD: rewrote " + main + ": 2 field sites, ")),
                    "the flag's load in the loop and its store in main are fenced:\n" + String.join("\n", err));
        }
        assertEquals(summary(com), summary(comSun), "the same classes, fields and sites in both packages");
        assertTrue(summary(comSun).startsWith("VBD: Rewrote 2 classes: 2 field sites, "), summary(comSun));
    }

    private static String summary(Jremix.Run run) {
        return run.stderrLines().stream().filter(l -> l.startsWith("VBD: Rewrote ")).findFirst()
                .orElseThrow(() -> new AssertionError(run.stderr()));
    }
}
