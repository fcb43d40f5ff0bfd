package io.jremix.agent.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.jremix.options.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs that name one file are refused, at start among themselves, and later against the ones in use. */
class OutputsInUseTest {
    @TempDir
    Path dir;

    @Test
    void theAgentRefusesTwoOutputsOfOneFile() {
        OptionException e = assertThrows(OptionException.class, () -> AgentOptions.parse(List.of("-remix:detect",
                "-XX:REMIXReport=" + dir.resolve("r.json"), "-XX:+VBD", "-XX:VBDReport=" + dir.resolve("./r.json"))));
        assertEquals("'-XX:REMIXReport=" + dir.resolve("r.json") + "' and '-XX:VBDReport=" + dir.resolve("./r.json")
                + "' name the same file, " + dir.resolve("r.json") + ": give each output a file of its own",
                e.getMessage());
    }

    @Test
    void anOutputInUseIsRefusedUntilReleased() throws OptionException {
        AgentOptions program = AgentOptions.parse(List.of("-XXgetparkcontention:report=" + dir.resolve("p.json"),
                "-XX:REMIXReport=" + dir.resolve("r.json")));
        AgentOptions attach = AgentOptions.parse(List.of("-remix:detect", "-XX:REMIXReport=" + dir.resolve("p.json")));
        OutputsInUse.claim(OutputsInUse.naming(program.outputs(), dir.resolve("p.json")));
        try {
            assertEquals("'-XX:REMIXReport=" + dir.resolve("p.json") + "' names a file that jremix already writes in"
                    + " this program, for '-XXgetparkcontention:report=" + dir.resolve("p.json") + "': give it a file"
                    + " of its own", OutputsInUse.conflict(attach.outputs()));
            assertTrue(OutputsInUse.refusal(dir.resolve(".").resolve("p.json"), "dump's file").startsWith("dump's file"
                    + " names a file that jremix already writes"));
            assertNull(OutputsInUse.refusal(dir.resolve("r.json"), "dump's file"), "only what was claimed is in use");
        } finally {
            OutputsInUse.release(dir.resolve("p.json"));
        }
        assertNull(OutputsInUse.conflict(attach.outputs()));
    }
}
