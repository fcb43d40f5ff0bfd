package io.jremix.cli.command.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CompileCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int jit(String... args) {
        return JitCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> printed() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"print", "inline", "dontinline", "exclude", "compileonly", "log"})
    void eachKindMapsToOneCompileCommandOption(String kind) {
        assertEquals(0, jit("command", kind, "java.util.ArrayList::grow"));
        assertEquals(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=" + kind + ",java.util.ArrayList::grow"), printed());
    }

    @Test
    void optionTakesTheFlagToSetForTheMethod() {
        assertEquals(0, jit("command", "option", "java.util.ArrayList::add", "PrintInlining"));
        assertEquals("-XX:CompileCommand=option,java.util.ArrayList::add,PrintInlining", printed().get(1));
        assertThrows(IllegalArgumentException.class, () -> new CompileCommand("option", "A::b", null));
        assertThrows(IllegalArgumentException.class, () -> new CompileCommand("exclude", "A::b", "PrintInlining"));
    }

    @Test
    void logAddsLogCompilationIntoTheFile() {
        assertEquals(0, jit("command", "log", "A::b", "--log", "/tmp/c.log"));
        assertEquals(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=log,A::b", "-XX:+LogCompilation",
                "-XX:LogFile=/tmp/c.log"), printed());
    }

    @Test
    void fileCollectsCommandsOnceEachAndIsPassedAsCompileCommandFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(".hotspot_compiler");
        assertEquals(0, jit("command", "dontinline", "A::b", "--file", file.toString()));
        assertEquals(0, jit("command", "option", "A::c", "PrintInlining", "--file", file.toString()));
        assertEquals(0, jit("command", "dontinline", "A::b", "--file", file.toString()));
        out.reset();
        assertEquals(0, jit("command", "--file", file.toString()));

        assertEquals(List.of("dontinline,A::b", "option,A::c,PrintInlining"), Files.readAllLines(file));
        assertEquals(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommandFile=" + file), printed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"command frob A::b", "command exclude", "command exclude A::b,c", "command exclude A::b X",
            "command", "command --file /nonexistent/none", "command exclude A::b --file /nonexistent/dir/f", "asm", "asm A::b", "asm A::b --tier c3 -- -version",
            "summary", "summary /nonexistent/file", "disasm A::b", "command exclude A::b --bogus",
            "command exclude A::b --log /nonexistent/dir/c.log", "asm A::b --log /nonexistent/dir/c.log -- -version",
            "command exclude A::b --log /tmp", "command exclude A::b --file /tmp/jremix-jit --log /tmp/jremix-jit"})
    void badArgumentsExitWith2AndOneLine(String args) {
        assertEquals(2, jit(args.split(" ")));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("jremix jit: "), err.toString());
    }

    @Test
    void helpGoesToStdoutAndNoArgumentsIsAnError() {
        assertEquals(0, jit("--help"));
        assertTrue(out.toString().contains("CompileCommandFile"));
        assertEquals(2, jit());
        assertTrue(err.toString().startsWith("Usage: bin/jremix jit"));
    }
}
