package io.jremix.cli.command;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.jremix.options.Option;
import io.jremix.options.Section;
import io.jremix.options.Spec;

class HelpCommandTest {
    @Test
    void helpListsEveryDeclaredOptionWithItsDefault() {
        String help = HelpCommand.text();
        for (Section s : Spec.sections()) {
            assertTrue(help.contains(s.title() + ":\n"), s.title());
            for (Option<?> o : s.options()) {
                o.helpRows().forEach(r -> assertTrue(help.contains(r.usage()) && help.contains(r.doc()), r.usage()));
            }
        }
        for (String usage : List.of("-remix, -remix:online", "-remix:detect", "-XX:REMIXSamplingRatio=<n>",
                "-XX:+REMIXVerbose", "-XX:REMIXReport=<file>", "-XXgetparkcontention[:<list>]", "    threshold=<n>",
                "    freeOnPrint", "-XX:+VBD ", "-XX:VBDRelaxed=<file>", "-XX:+VBDVerbose", "-XX:VBDReport=<file>",
                "bin/jremix dump <pid> [<file>]", "bin/jremix report <in> [-o <out>]")) {
            assertTrue(help.contains(usage), usage);
        }
        assertTrue(help.contains("(one in 1000 of the window, as without bursts) (default 1000)"), help);
        assertTrue(help.contains("keep tracing this long after contention is found, then restore the classes (default 3)"),
                help);
    }
}
