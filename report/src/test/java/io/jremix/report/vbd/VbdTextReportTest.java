package io.jremix.report.vbd;

import java.util.List;
import java.util.stream.IntStream;

import io.jremix.report.Json;
import io.jremix.report.html.SameEitherRoute;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VbdTextReportTest {
    private static final List<String> METHODS = IntStream.range(0, 25).mapToObj(i -> "C::m" + i).toList();

    private static VbdRun run(List<VbdRun.Failure> failed) {
        return new VbdRun(null, new VbdRun.Sites(null, 3, 10, 4, 2, 1, 5, 6), 400, 7, List.of(), List.of("a.Relaxed"),
                METHODS, List.of(), failed);
    }

    @Test
    void totalsThenRelaxedCodeThenFailures() {
        List<String> lines = VbdTextReport.lines(run(List.of(new VbdRun.Failure("x.Big", "method too large"))), true);
        assertEquals(List.of(
                "Rewrote 3 classes: 10 field sites, 4 array sites, 2 Unsafe/VarHandle sites, 1 fences added,"
                        + " 5 constructor accesses before publication, 6 effectively final fields read plainly.",
                "400 classes loaded before the agent and 7 JDK classes loaded later are relaxed library code"
                        + " (plain Java memory model).",
                "Relaxed classes (1): a.Relaxed",
                "Relaxed methods (25): " + String.join(", ", METHODS),
                "Could not rewrite 1 class, left as they were and not sequentially consistent:",
                "- x.Big (method too large)"), lines);
    }

    @Test
    void longListsAreCutUnlessVerbose() {
        List<String> lines = VbdTextReport.lines(run(List.of()), false);
        assertEquals(4, lines.size(), "no failure lines, no empty relaxed-fields line");
        assertTrue(lines.get(3).endsWith(
                String.join(", ", METHODS.subList(0, 20)) + " and 5 more (-XX:+VBDVerbose lists them all)"), lines.get(3));
    }

    @Test
    void theHtmlPageIsTheSameDirectOrThroughJson() throws Json.MalformedJsonException {
        String page = SameEitherRoute.assertSame(VbdJsonReport.document(
                run(List.of(new VbdRun.Failure("x.Big", "method too large"))), "1.0"));
        assertTrue(page.contains("x.Big") && page.contains("C::m24"), page);
    }
}
