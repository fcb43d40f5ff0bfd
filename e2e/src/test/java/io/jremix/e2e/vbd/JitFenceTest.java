package io.jremix.e2e.vbd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jremix.e2e.Jremix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counts the fences C2 compiled into hot litmus actors, plain, under {@code -XX:+VBD} and with the actor relaxed:
 * x86 volatile stores end in {@code lock addl $0,(rsp)} (or {@code mfence}). {@code -XX:CompileCommand=print} shows
 * the code; with an hsdis the JDK can load it is disassembled and the mnemonics are counted, without one (Debian's
 * libhsdis0-fcml exports only the pre-JDK-13 entry point, which {@code bin/jremix jit} adapts but plain
 * {@code -XX:CompileCommand=print} cannot use) the instruction encodings are counted in the raw bytes. Runs on
 * x86-64 only.
 */
class JitFenceTest {
    private static final String ARRAYS_ACTOR = "io.jremix.workloads.vbd.StoreBufferingArraysCase::actor";
    private static final String FIELDS_ACTOR = "io.jremix.workloads.vbd.StoreBufferingFieldsCase::actor";
    private static final Pattern BYTES = Pattern.compile("\\s*0x[0-9a-f]+: ((?:[0-9a-f]{2,8}\\s*\\|?\\s*)+)");
    /** lock addl $0,disp8(%rsp); lock addl $0,(%rsp); mfence. */
    private static final Pattern FENCE_BYTES = Pattern.compile("f0834424..00|f083042400|0faef0");
    private static final Pattern FENCE_TEXT = Pattern.compile("lock addl\\s+\\$0x0,|mfence");

    @Test
    void volatileStoresCompileToFences() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"));
        int plain = fences(ARRAYS_ACTOR, "sb-arrays", List.of());
        int vbd = fences(ARRAYS_ACTOR, "sb-arrays", List.of("-XX:+VBD"));
        System.out.println("fences in C2 code of " + ARRAYS_ACTOR + ": plain " + plain + ", VBD " + vbd);
        assertEquals(0, plain);
        assertTrue(vbd >= 2, "a fence after each of the two array stores (one per actor branch): " + vbd);
    }

    /**
     * VBD's fenced field stores compile as volatile stores do: one locked instruction after each of the actor's four
     * field stores at most; relaxed, the actor's plain field accesses compile without any.
     */
    @Test
    void relaxedFieldAccessesCompileWithoutFences(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"));
        Path relaxed = Files.writeString(dir.resolve("relaxed.txt"), FIELDS_ACTOR + "\n");
        int vbd = fences(FIELDS_ACTOR, "sb-fields", List.of("-XX:+VBD"));
        int vbdRelaxed = fences(FIELDS_ACTOR, "sb-fields", List.of("-XX:+VBD", "-XX:VBDRelaxed=" + relaxed));
        System.out.println("fences in C2 code of " + FIELDS_ACTOR + ": VBD " + vbd + ", relaxed " + vbdRelaxed);
        assertTrue(vbd >= 2, "a fence after each field store: " + vbd);
        assertTrue(vbd <= 4, "one locked instruction per field store at most: " + vbd);
        assertEquals(0, vbdRelaxed);
    }

    /**
     * Fences in the last C2 compilation of an actor while the litmus test runs. {@code -Xbatch}: the threads wait for
     * each compilation they trigger, so that C2 compiles the actor within the run however busy the machine (a CI run
     * beside a second build ended before C2's queue reached it).
     */
    private static int fences(String method, String test, List<String> options) throws Exception {
        List<String> command = new ArrayList<>(options);
        command.addAll(List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet",
                "-XX:CompileCommand=print," + method));
        Jremix.Run run = Jremix.main(command, Jremix.WORKLOADS.toString(), LitmusResults.MAIN, test, "300000");
        assertEquals(0, run.exit(), run.stderr());
        String out = run.stdout();
        int c2 = out.lastIndexOf("C2-compiled nmethod");
        assertTrue(c2 >= 0, "C2 compiled the actor");
        int end = out.indexOf("[/MachCode]", c2);
        String code = out.substring(c2, end < 0 ? out.length() : end);
        Matcher text = FENCE_TEXT.matcher(code);
        int mnemonics = 0;
        while (text.find()) {
            mnemonics++;
        }
        if (mnemonics > 0 || code.contains("lock ")) {
            return mnemonics;
        }
        StringBuilder hex = new StringBuilder();
        for (String line : code.lines().toList()) {
            Matcher m = BYTES.matcher(line);
            if (m.matches()) {
                hex.append(m.group(1).replaceAll("[\\s|]", ""));
            }
        }
        Matcher f = FENCE_BYTES.matcher(hex);
        int n = 0;
        int from = 0;
        while (f.find(from)) {
            if (f.start() % 2 == 0) {
                n++;
                from = f.end();
            } else {
                from = f.start() + 1;
            }
        }
        return n;
    }
}
