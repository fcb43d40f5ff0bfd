package io.jremix.cli.command.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/jremix jit} run as a user runs it, on the JDK running the tests. */
class JitLauncherTest {
    private static final Path HOME = Path.of(System.getProperty("jremix.home", "..")).toAbsolutePath().normalize();
    private static final String LOOP = OrderingLoop.class.getName();
    private static final String CLASSES = Path.of(System.getProperty("jremix.home", ".."), "cli/target/test-classes").toString();

    private record Run(int exit, String stdout, String stderr) {
    }

    private static Run jremix(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(HOME.resolve("bin/jremix").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("JREMIX_JAVA");
        pb.environment().putAll(env);
        Path out = Files.createTempFile("jit-out", ".txt");
        Path err = Files.createTempFile("jit-err", ".txt");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Run asm(String method, String... extra) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("jit", "asm", LOOP + "::" + method));
        args.addAll(List.of(extra));
        // compiling in the foreground: C2 has finished before the program ends, on a busy machine too
        args.addAll(List.of("--", "-XX:-BackgroundCompilation", "-cp", CLASSES, LOOP, "3000000"));
        Run run = jremix(Map.of(), args.toArray(String[]::new));
        assumeFalse(run.exit() == JitCommand.MISSING_HSDIS, "no usable hsdis here: " + run.stderr());
        return run;
    }

    @Test
    void volatileStoreInAHotLoopCompilesToALockedInstruction() throws Exception {
        Run run = asm("publish");

        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stdout().startsWith("done "), "the program's own output comes first, untouched: " + run.stdout());
        assertTrue(run.stdout().lines().anyMatch(l -> l.matches("\\s+0x\\p{XDigit}+:\\s+lock add\\s+dword ptr \\[rsp.*")),
                "Intel syntax, StoreLoad barrier: " + run.stdout());
        List<AssemblySummary> c2 = AssemblySummary.of(run.stdout());
        assertEquals(1, c2.size(), run.stdout());
        assertEquals(4, c2.get(0).tier());
        assertTrue(c2.get(0).barriers() >= 1, run.stdout());
        assertTrue(run.stdout().lines().anyMatch(l -> l.matches("c2 +4 +\\d+ +\\d+ +1 +0 +0 +0/0 +" + LOOP + "::publish")), run.stdout());
    }

    @Test
    void plainStoreHasNoBarrierAndSummaryAloneOmitsTheListing() throws Exception {
        Run run = asm("store", "--summary", "--tier", "all");

        assertEquals(0, run.exit(), run.stderr());
        List<String> rows = run.stdout().lines().filter(l -> l.endsWith(LOOP + "::store")).toList();
        assertTrue(rows.size() >= 2, "C1 and C2 compiles: " + run.stdout());
        assertTrue(rows.stream().allMatch(l -> l.matches(".* 0 +0 +0 +0/0 +" + LOOP + "::store")), run.stdout());
        assertTrue(run.stdout().lines().noneMatch(l -> l.contains("[Verified Entry Point]")), run.stdout());
    }

    @Test
    void methodNeverCompiledExitsWith4() throws Exception {
        Run run = asm("neverCalled");
        assertEquals(JitCommand.NOT_COMPILED, run.exit(), run.stderr());
        assertTrue(run.stderr().contains("was not compiled while the program ran"), run.stderr());
    }

    @Test
    void missingHsdisGivesOneLineSayingHowToGetIt(@TempDir Path empty) throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        assumeTrue(List.of("lib/hsdis-amd64.so", "lib/server/hsdis-amd64.so", "lib/server/libhsdis-amd64.so").stream()
                .noneMatch(p -> Files.exists(home.resolve(p))), "this JDK ships its own hsdis");

        Run run = jremix(Map.of("JREMIX_HSDIS_PATH", empty.toString()), "jit", "asm", LOOP + "::publish", "--", "-cp", CLASSES, LOOP, "10");

        assertEquals(JitCommand.MISSING_HSDIS, run.exit(), run.stderr());
        assertEquals(List.of("jremix jit: no hsdis disassembler for PrintAssembly: install Debian's libhsdis0-fcml "
                + "(apt-get install libhsdis0-fcml)"), run.stderr().lines().toList());
        assertEquals("", run.stdout(), "the program is not run");
    }

    @Test
    void compileCommandReachesTheJvmAndTheProgramRunsAsUsual() throws Exception {
        Run run = jremix(Map.of(), "jit", "command", "exclude", LOOP + "::publish", "--", "-cp", CLASSES, LOOP, "100000");

        assertEquals(0, run.exit(), run.stderr());
        // JDK 17 prints the class with slashes, JDK 25 with dots
        assertTrue(run.stdout().lines().anyMatch(l -> l.matches("CompileCommand: exclude io.jremix.cli.command.jit.OrderingLoop.publish bool exclude = true")),
                run.stdout());
        assertTrue(run.stdout().contains("done "), run.stdout());
    }
}
