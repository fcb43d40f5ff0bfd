package io.jremix.e2e.vbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code -XX:VBDRelaxed=FILE} through the launcher: relaxed code gets the plain memory model back, bad input exits 2. */
class RelaxedTest {

    @Test
    void relaxedCodeIsNamedAndGetsItsRacesBack(@TempDir Path dir) throws Exception {
        Path patterns = Files.writeString(dir.resolve("relaxed.txt"), String.join("\n",
                "# store buffering through fields is the expert's business here",
                "io.jremix.workloads.litmus.StoreBufferingFields$State::*",
                "io/jremix/workloads/litmus/SpinLoop.spin",
                ""));
        LitmusResults r = LitmusResults.run(List.of("-XX:+VBD", "-XX:VBDRelaxed=" + patterns),
                "sb-fields,sb-arrays,spin", 1_000_000);
        assertTrue(r.forbidden().get("sb-fields") > 0, "relaxed again: " + r.histogram("sb-fields"));
        assertEquals(0L, r.forbidden().get("sb-arrays"), r.histogram("sb-arrays"));
        assertEquals("terminated", r.spin().get("spin"), "a relaxed method still reads a volatile field as volatile");
        List<String> err = r.run().stderrLines();
        assertTrue(err.contains("VBD: Relaxed classes (1): io.jremix.workloads.litmus.StoreBufferingFields$State"),
                r.run().stderr());
        assertTrue(err.contains("VBD: Relaxed methods (1): io.jremix.workloads.litmus.SpinLoop::spin"), r.run().stderr());
    }

    @Test
    void badPatternFileIsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
        Path patterns = Files.writeString(dir.resolve("relaxed.txt"), "java/io/*.*\ncom.example.Foo::bar(I)V\n");
        Jremix.Run run = Jremix.main(List.of("-XX:+VBD", "-XX:VBDRelaxed=" + patterns), Jremix.WORKLOADS.toString(),
                LitmusResults.MAIN, "spin");
        assertEquals(2, run.exit());
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderr().contains("line 2"), run.stderr());
        assertEquals("", run.stdout(), "the program never started");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+VBDFast", "-XX:VBD", "-XX:VBDRelaxed=/nonexistent/relaxed.txt"})
    void badVbdOptionIsOneLineAndExitCode2(String option) throws Exception {
        Jremix.Run run = Jremix.main(List.of(option), Jremix.WORKLOADS.toString(), LitmusResults.MAIN, "spin");
        assertEquals(2, run.exit());
        assertEquals(1, run.stderrLines().size(), run.stderr());
        assertTrue(run.stderr().startsWith("jremix: error: "), run.stderr());
    }

    @Test
    void helpListsVbd() throws Exception {
        Jremix.Run run = Jremix.launch(List.of("--help"));
        assertTrue(run.stdout().contains("-XX:+VBD") && run.stdout().contains("-XX:VBDRelaxed=<file>"), run.stdout());
    }
}
